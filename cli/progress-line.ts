import { escapeForTerminal } from './report-text';

/** How often the line is redrawn at most: often enough to look alive, rarely enough to cost nothing. */
const REDRAW_MS = 100;
/** Longer file names are cut in the middle so the line fits a narrow terminal. */
const MAX_NAME_CHARS = 48;
/** Back to the start of the line and erase it (ECMA-48 CR + EL). */
const ERASE_LINE = '\r\x1b[K';

export interface ProgressLine {
  /** A new file begins: `[3/20] name`. */
  start(index: number, total: number, file: string): void;
  /** The engine's fraction of the current file. */
  update(fraction: number): void;
  /** Takes the line away before anything else is printed. */
  clear(): void;
}

const SILENT: ProgressLine = {
  start: () => undefined,
  update: () => undefined,
  clear: () => undefined,
};

/**
 * One self-erasing status line on standard error while files are cleaned, only when a person is
 * watching (standard error is a terminal) and nothing asked for silence or machine output.
 */
export function progressLine(
  stream: NodeJS.WriteStream,
  wanted: boolean,
): ProgressLine {
  if (!wanted || !stream.isTTY) return SILENT;
  let label = '';
  let drawnAt = 0;
  let showing = false;
  const draw = (text: string) => {
    stream.write(`${ERASE_LINE}${text}`);
    showing = true;
  };
  return {
    start(index, total, file) {
      label = `[${index + 1}/${total}] ${shortened(escapeForTerminal(file))}`;
      drawnAt = Date.now();
      draw(label);
    },
    update(fraction) {
      const now = Date.now();
      if (now - drawnAt < REDRAW_MS) return;
      drawnAt = now;
      draw(`${label} ${Math.floor(fraction * 100)}%`);
    },
    clear() {
      if (showing) stream.write(ERASE_LINE);
      showing = false;
    },
  };
}

function shortened(name: string): string {
  if (name.length <= MAX_NAME_CHARS) return name;
  const half = Math.floor((MAX_NAME_CHARS - 1) / 2);
  return `${name.slice(0, half)}…${name.slice(name.length - half)}`;
}
