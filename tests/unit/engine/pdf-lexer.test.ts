import { describe, expect, it } from 'vitest';
import {
  Lexer,
  Truncated,
  readValue,
} from '../../../workers/engine/formats/pdf/lexer';
import { serialize } from '../../../workers/engine/formats/pdf/serialize';

const read = (text: string, atEof = true) =>
  readValue(new Lexer(Buffer.from(text, 'latin1'), 0, atEof));

describe('pdf lexer', () => {
  it('reads references, also as the last bytes of an object stream', () => {
    expect(read('1 0 R')).toEqual({ kind: 'ref', num: 1, gen: 0 });
    expect(read('[1 0 R 2 0 R]')).toMatchObject({
      items: [
        { kind: 'ref', num: 1 },
        { kind: 'ref', num: 2 },
      ],
    });
  });

  it('tells integers from references in arrays of numbers', () => {
    expect(read('[1 0 2 0]')).toMatchObject({
      items: [{ value: 1 }, { value: 0 }, { value: 2 }, { value: 0 }],
    });
    expect(read('1 0 Rx')).toMatchObject({ kind: 'num', value: 1 });
  });

  it('asks for a larger window when a value runs past it', () => {
    expect(() => read('[1 0', false)).toThrow(Truncated);
    expect(() => read('<</A (unfinished', false)).toThrow(Truncated);
  });

  it('decodes strings and names, and writes them back readably', () => {
    const value = read('<</Name#20Sp /S /T (a\\(b\\)\\n\\101) /H <414>>>');
    expect(serialize(value)).toBe(
      '<</Name#20Sp /S\n/T <612862290a41>\n/H <4140>\n>>',
    );
  });

  it('normalises numbers to forms every reader accepts', () => {
    expect(read('-.5')).toMatchObject({ value: -0.5, raw: '-0.5' });
    expect(read('+3.')).toMatchObject({ value: 3, raw: '3' });
  });

  it('refuses nesting past its limit and stray delimiters', () => {
    expect(() => read('['.repeat(200))).toThrow(/nested/);
    expect(() => read('<</A >> >>')).not.toThrow();
    expect(() => read(')')).toThrow(/stray/);
  });
});
