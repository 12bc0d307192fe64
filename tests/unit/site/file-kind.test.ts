import { describe, expect, it } from 'vitest';
import { refusedKind } from '../../../src/features/uploader/file-kind';

describe('what a refused file is', () => {
  it('tells archives and text by their extension, in any case', () => {
    expect(refusedKind('photos.ZIP', '')).toBe('archive');
    expect(refusedKind('notes.txt', '')).toBe('text');
    expect(refusedKind('table.csv', '')).toBe('text');
  });

  it('falls back on the MIME type, then on its top-level type', () => {
    expect(refusedKind('download', 'application/zip')).toBe('archive');
    expect(refusedKind('scan', 'image/x-portable-anymap')).toBe('image');
    expect(refusedKind('clip', 'video/mp2t')).toBe('video');
    expect(refusedKind('voice', 'audio/amr')).toBe('audio');
    expect(refusedKind('readme', 'text/markdown')).toBe('text');
  });

  it('says nothing when neither the name nor the type tells', () => {
    expect(refusedKind('model.xyz', '')).toBeUndefined();
    expect(refusedKind('noextension', 'application/octet-stream')).toBe(
      undefined,
    );
    // A name that spells an Object property finds nothing either.
    expect(refusedKind('x.constructor', '')).toBeUndefined();
    expect(refusedKind('x.toString', '')).toBeUndefined();
  });
});
