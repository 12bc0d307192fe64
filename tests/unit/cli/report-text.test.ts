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
        field: 'content.comment',
        label: 'Com\nment',
        value: 'a\u001b[31mb\nc',
        location: 'COM\r',
      },
    ]);
    expect(lines).toHaveLength(2);
    for (const c of ['\n', '\r', '\u001b'])
      expect(lines.join('')).not.toContain(c);
  });

  // A quadratic grouping took minutes here; the test's own timeout bounds it, not a stopwatch.
  it('lists 100,000 findings of one category, grouped in order', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({
      category: i % 2 ? ('comment' as const) : ('other' as const),
      field: i % 2 ? ('content.comment' as const) : ('other.data' as const),
      label: 'Comment',
      value: `c${i}`,
      location: 'comment extension',
    }));
    const lines = findingLines(many);
    expect(lines).toHaveLength(100_002);
    expect(lines[0]).toBe('  other:');
    expect(lines[1]).toContain('c0');
    expect(lines[50_001]).toBe('  comment:');
    expect(lines[50_002]).toContain('c1');
  });
});
