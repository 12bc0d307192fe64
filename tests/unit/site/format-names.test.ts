import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../../../workers/engine/format-catalog';
import builtNames from 'virtual:format-names';
import {
  formatName,
  formatNameFacts,
  formatNames,
  formatsByKind,
} from '../../../src/catalog/format-names';

const entry = (
  id: CatalogEntry['id'],
  kind: CatalogEntry['kind'],
): CatalogEntry => ({ id, kind, mime: `x/${id}`, extensions: [id] });

const CATALOG: readonly CatalogEntry[] = [
  entry('jpeg', 'image'),
  entry('png', 'image'),
  entry('mp4', 'video'),
  entry('mp3', 'audio'),
];

describe('format names from the engine catalog', () => {
  it('names formats as people write them', () => {
    expect(formatName(entry('jpeg', 'image'))).toBe('JPG');
    expect(formatName(entry('heic', 'image'))).toBe('HEIC');
  });

  it('lists what a page accepts, and nothing for a kind the engine does not clean yet', () => {
    expect(formatNames('photos', CATALOG)).toEqual(['JPG', 'PNG']);
    expect(formatNames('documents', CATALOG)).toEqual([]);
  });

  it('names a document format as soon as the catalog has one', () => {
    const withPdf = [...CATALOG, entry('pdf', 'document')];
    expect(formatNames('documents', withPdf)).toEqual(['PDF']);
    expect(formatsByKind(withPdf).map((group) => group.kind)).toContain(
      'document',
    );
  });

  it('groups the grid by kind and leaves out kinds without a format', () => {
    expect(formatsByKind(CATALOG)).toEqual([
      { kind: 'image', names: ['JPG', 'PNG'] },
      { kind: 'video', names: ['MP4'] },
      { kind: 'audio', names: ['MP3'] },
    ]);
  });
});

describe('the build-time format names', () => {
  it('are the catalog’s names, as the pages would compute them', () => {
    expect(builtNames).toEqual(formatNameFacts());
    expect(builtNames.byPage.photos).toContain('JPG');
    expect(builtNames.all).toContain('PDF');
  });
});
