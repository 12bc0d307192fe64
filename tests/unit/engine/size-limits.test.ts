import { describe, expect, it } from 'vitest';
import { formatCatalog } from '../../../workers/engine/format-catalog';
import { inspect, type RandomAccess } from '../../../workers/engine';
import {
  MAX_DOCUMENT_BYTES,
  MAX_FILE_BYTES,
  MAX_MEDIA_BYTES,
  maxBytesFor,
} from '../../../workers/engine/limits';
import { sizeLimitFor } from '../../../workers/engine/pipeline/identify';

/** A file of `size` bytes whose first bytes are `head` and the rest zeros, never allocated. */
function sparse(head: string, size: number): RandomAccess {
  const bytes = new TextEncoder().encode(head);
  return {
    size,
    read: async (offset, length) => {
      const out = new Uint8Array(length);
      if (offset < bytes.length)
        out.set(bytes.subarray(offset, offset + length));
      return out;
    },
  };
}

describe('size limits per family', () => {
  it('gives media one limit and documents a smaller one', () => {
    expect(maxBytesFor('image')).toBe(MAX_MEDIA_BYTES);
    expect(maxBytesFor('video')).toBe(MAX_MEDIA_BYTES);
    expect(maxBytesFor('audio')).toBe(MAX_MEDIA_BYTES);
    expect(maxBytesFor('document')).toBe(MAX_DOCUMENT_BYTES);
    expect(MAX_MEDIA_BYTES).toBeGreaterThanOrEqual(4 * 1024 ** 3);
    expect(MAX_FILE_BYTES).toBe(MAX_MEDIA_BYTES);
  });

  it('knows the family of every sniffed format in the catalog', () => {
    for (const e of formatCatalog)
      expect(sizeLimitFor(e.id)).toBe(maxBytesFor(e.kind));
  });

  it('refuses a PDF over the document limit, typed, before parsing it', async () => {
    await expect(
      inspect(sparse('%PDF-1.7\n', MAX_DOCUMENT_BYTES + 1)),
    ).rejects.toMatchObject({ code: 'too-large' });
  });

  it('refuses an MP4 over the media limit, typed', async () => {
    const head = '\0\0\0\x18ftypisom\0\0\0\0isommp41';
    await expect(
      inspect(sparse(head, MAX_MEDIA_BYTES + 1)),
    ).rejects.toMatchObject({ code: 'too-large' });
  });
});
