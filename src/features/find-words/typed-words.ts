/** Words are separated by commas, semicolons or new lines: a name keeps its spaces. */
const SEPARATOR = /[,;\n]/;
/** Shorter words prove nothing (the engine drops them too). */
const MIN_CHARS = 3;

/** The words a visitor typed, trimmed, without the empty and the too short. */
export function typedWords(text: string): string[] {
  return text
    .split(SEPARATOR)
    .map((w) => w.trim())
    .filter((w) => w.length >= MIN_CHARS);
}
