import { describe, expect, it } from 'vitest';
import { keptSummary } from '../../../cli/kept-summary';
import { finding, keptFinding } from '../../../workers/engine/findings';

describe('keptSummary', () => {
  it('names each kept thing once with its count and why in words, never the reason id', () => {
    const header = (n: number) =>
      keptFinding(
        'document.content',
        'header or footer text',
        `word/header${n}.xml`,
        'review',
      );
    const line = keptSummary([
      ...[1, 2, 3, 4, 5, 6, 7, 8].map(header),
      keptFinding('image.orientation', 'Orientation', 'APP1', 'orientation'),
      finding('image.orientation', 'Removable', 'APP1'),
    ]);
    expect(line).toBe(
      'header or footer text ×8 (check before sharing), Orientation (keeps the picture the right way up)',
    );
    expect(line).not.toMatch(/\((review|orientation)\)/);
  });

  it('escapes a label a file could have written', () => {
    expect(
      keptSummary([
        keptFinding('image.orientation', 'a\u001b[2Jb', 'x', 'structure'),
      ]),
    ).toBe('a\\x1b[2Jb (needed for the file to open)');
  });
});
