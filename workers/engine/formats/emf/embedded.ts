/**
 * Pictures inside a metafile (a BI_JPEG / BI_PNG bitmap, an EMF+ image, a metafile inside a
 * metafile) are files of their own: each is cleaned by its module through `ctx.nested` and written
 * back where it lies, zero-padded to its old length, so no size or offset changes. A JPEG or PNG
 * says where it ends (EOI, IEND), so zeros after it are padding a clean may have written and are
 * not handed to its module; any other file is handed over whole. A picture that grows when
 * cleaned fails the clean.
 */
import { concatBytes, startsWith } from '../../bytes';
import { EngineError, placedError } from '../../errors';
import { relocated, removable } from '../../findings';
import type { AnalysisContext } from '../../format-module';
import type { Cleaning } from './cleaning';

const JPEG_START = [0xff, 0xd8, 0xff];
const PNG_START = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function withoutPadding(bytes: Uint8Array): Uint8Array {
  if (!startsWith(bytes, JPEG_START) && !startsWith(bytes, PNG_START))
    return bytes;
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return bytes.subarray(0, end);
}

export async function cleanPictures(
  bytes: Uint8Array,
  out: Cleaning,
  ctx: AnalysisContext,
): Promise<void> {
  for (const [i, picture] of out.pictures.entries()) {
    const data = concatBytes(
      picture.ranges.map((r) => bytes.subarray(r.start, r.end)),
    );
    if (!data.some((b) => b !== 0)) continue;
    const name = `picture ${i + 1}`;
    let cleaned;
    try {
      cleaned = await ctx.nested.clean(withoutPadding(data));
    } catch (error) {
      throw placedError(error, picture.location);
    }
    out.findings.push(
      ...relocated(cleaned.findings, picture.location, {
        name,
        kind: 'image',
      }),
    );
    if (!cleaned.findings.some(removable)) continue;
    if (cleaned.bytes.length > data.length)
      throw new EngineError(
        'unsupported',
        `${picture.location}: a picture grows when cleaned`,
      );
    const padded = new Uint8Array(data.length);
    padded.set(cleaned.bytes);
    let from = 0;
    for (const { start, end } of picture.ranges) {
      out.patches.push({
        offset: start,
        data: padded.subarray(from, from + end - start),
      });
      from += end - start;
    }
  }
}
