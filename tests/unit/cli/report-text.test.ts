import { describe, expect, it } from 'vitest';
import { escapeForTerminal, findingLines } from '../../../cli/report-text';

describe('escapeForTerminal', () => {
  it.each([
    ['a\nb', 'a\\nb'],
    ['\u001b[2J', '\\x1b[2J'],
    ['tab\there\r', 'tab\\there\\r'],
    ['\u009b31m', '\\x9b31m'],
    ['gpj.\u202eexe', 'gpj.\\u202eexe'],
    ['line\u2028sep', 'line\\u2028sep'],
    ['back\\slash', 'back\\\\slash'],
  ])('escapes %j', (raw, shown) => {
    expect(escapeForTerminal(raw)).toBe(shown);
  });

  it('leaves ordinary names, accents and scripts alone', () => {
    expect(escapeForTerminal('Fotos/Été 2024/東京 (1).jpg')).toBe(
      'Fotos/Été 2024/東京 (1).jpg',
    );
  });
});

describe('findingLines', () => {
  it('keeps every finding on one line, whatever its label, value or location holds', () => {
    const lines = findingLines([
      {
        category: 'comment',
        label: 'Com\nment',
        value: 'a\u001b[31mb\nc',
        location: 'COM\r',
      },
    ]);
    expect(lines).toHaveLength(2);
    for (const c of ['\n', '\r', '\u001b'])
      expect(lines.join('')).not.toContain(c);
  });
});
