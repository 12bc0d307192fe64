import { describe, expect, it } from 'vitest';
import { keptSummary } from '../../../cli/kept-summary';
import { finding, keptFinding } from '../../../workers/engine/findings';

const header = (n: number) =>
  keptFinding(
    'document.content',
    'header or footer text',
    `word/header${n}.xml`,
    'review',
  );

describe('keptSummary', () => {
  it('says each reason once in words and counts what is left to check, never a tag name or reason id', () => {
    const line = keptSummary([
      ...[1, 2, 3, 4, 5, 6, 7, 8].map(header),
      keptFinding(
        'image.color-profile',
        'ICC_Profile',
        'APP2',
        'color-profile',
      ),
      keptFinding('image.orientation', 'Orientation', 'APP1', 'orientation'),
      finding('image.orientation', 'Removable', 'APP1'),
    ]);
    expect(line).toBe(
      'orientation, color profile, 8 things to check before sharing (see --inspect)',
    );
    expect(line).not.toMatch(/ICC_Profile|review|\bheader\b/);
  });

  it('says one thing in the singular, and nothing when nothing is kept', () => {
    expect(keptSummary([header(1)])).toBe(
      '1 thing to check before sharing (see --inspect)',
    );
    expect(keptSummary([finding('image.orientation', 'x', 'APP1')])).toBe('');
  });
});
