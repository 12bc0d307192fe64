import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { USAGE } from '../../../cli/args';

/**
 * `--help` says what the command takes: every option the parser accepts is listed, and the text
 * after the synopsis fits a 100-column terminal.
 */

const HELP_WIDTH = 100;
/** The synopsis lines: one usage each, kept whole so each can be copied. */
const SYNOPSIS_LINES = 8;

/** The option spellings the parser compares arguments with (`arg === '--out'`). */
function parsedOptions(): string[] {
  const source = readFileSync('cli/args.ts', 'utf8');
  return [...source.matchAll(/arg === '(-[^']+)'/g)]
    .map((m) => m[1]!)
    .filter((option) => option !== '--');
}

describe('metaclean --help', () => {
  it('lists every option the parser accepts', () => {
    const options = parsedOptions();
    expect(options.length).toBeGreaterThan(15);
    for (const option of options)
      expect(USAGE, option).toMatch(
        new RegExp(`(^|[\\s,[|])${option}(?=[\\s,\\]]|$)`, 'm'),
      );
  });

  it('wraps its text within a terminal of 100 columns', () => {
    const long = USAGE.split('\n')
      .slice(SYNOPSIS_LINES)
      .filter((line) => line.length > HELP_WIDTH);
    expect(long).toEqual([]);
  });
});
