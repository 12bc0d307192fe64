/**
 * An EMF or WMF blip's metafile ([MS-ODRAW] 2.2.24, 2.2.25), cleaned where it lies by its own
 * module through `ctx.nested` (its description, comments and escapes zeroed, at the same length).
 * 2.2.31 OfficeArtMetafileHeader says how it is stored: cbSize, the metafile's size; cbSave, the
 * size of the data after the header; compression 0xFE, the metafile as it is, or 0x00, DEFLATE.
 * Office and LibreOffice store a compressed one as a zlib stream (RFC 1950), which is read only
 * when it is exactly what the header says (its cbSave bytes, inflating to cbSize: see
 * zlib-exact.ts). Once cleaned it is deflated again and written in the record's old space: cbSave
 * updated, cbSize and the record's length unchanged, zeros after the stream (a reader stops at
 * its end), so no offset moves. One that no longer fits fails the clean as `unsupported`.
 *
 * A PICT blip (2.2.26) is Apple QuickDraw drawing commands, which no module of the engine reads.
 * Its comments (PicComment, LongComment) can carry any data, which no signature scan would know
 * for a person's, so a PICT fails the clean as `unsupported`, stored or compressed, rather than
 * pass unexamined.
 */
import { u32le, writeU32le } from '../../bytes';
import { EngineError } from '../../errors';
import type { AnalysisContext } from '../../format-module';
import { MAX_METADATA_BYTES } from '../../limits';
import { inflateZlibExact } from '../../shared/zlib-exact';
import { zlibSync } from 'fflate';
import { PICT_BLIP, startsAsMetafile } from './blip-types';
import { cleanNestedPicture, type BlipPlace } from './blip-place';
import type { Cleaning } from './storage';

const METAFILE_HEADER_BYTES = 34;
const CB_SIZE_AT = 0;
const CB_SAVE_AT = 28;
const COMPRESSION_AT = 32;
const UNCOMPRESSED = 0xfe;
const CB_SAVE_BYTES = 4;
/**
 * fflate's levels tried in turn: its default, and when that does not fit the old space, its
 * smallest output, which costs a large metafile about twice the time.
 */
const DEFLATE_LEVELS = [6, 9] as const;

/**
 * Cleans the metafile of the blip of `type` (EMF, WMF or PICT) at `place` whose
 * OfficeArtMetafileHeader starts at `header` and whose record ends at `end`; blip-types.ts has
 * checked the header's compression, filter and cbSave.
 */
export async function cleanMetafileBlip(
  place: BlipPlace,
  type: number,
  header: number,
  end: number,
  out: Cleaning,
  ctx: AnalysisContext,
): Promise<void> {
  const head = await place.reader.readExact(header, METAFILE_HEADER_BYTES);
  const what = `${place.location}, picture ${place.number}`;
  const compressed = head[COMPRESSION_AT] !== UNCOMPRESSED;
  if (type === PICT_BLIP)
    throw new EngineError(
      'unsupported',
      `${what}: a Mac PICT picture, whose drawing commands the engine cannot read`,
    );
  const start = header + METAFILE_HEADER_BYTES;
  const saved = u32le(head, CB_SAVE_AT);
  if (saved > MAX_METADATA_BYTES)
    throw new EngineError(
      'too-large',
      `${what}: a metafile picture of ${saved} bytes`,
    );
  const data = await place.reader.readExact(start, saved);
  if (!compressed) {
    const cleaned = await cleanNestedPicture(place, data, out, ctx);
    if (!cleaned) return;
    if (cleaned.length > data.length)
      throw new EngineError(
        'unsupported',
        `picture ${place.number} grows when cleaned`,
      );
    place.write(start, zeroPadded(cleaned, data.length));
    return;
  }
  const size = u32le(head, CB_SIZE_AT);
  if (size > MAX_METADATA_BYTES)
    throw new EngineError(
      'too-large',
      `${what}: a compressed metafile of ${size} bytes`,
    );
  out.chargeInflate(size);
  const metafile = inflateZlibExact(data, size, what);
  if (!startsAsMetafile(type, metafile, 0))
    throw new EngineError(
      'unclean',
      `${what}: a compressed metafile picture whose data is not a metafile`,
    );
  const cleaned = await cleanNestedPicture(place, metafile, out, ctx);
  if (!cleaned) return;
  if (cleaned.length !== size)
    throw new EngineError(
      'unsupported',
      `${what}: a compressed metafile picture that changes size when cleaned`,
    );
  const space = end - start;
  let deflated = new Uint8Array(0);
  for (const level of DEFLATE_LEVELS) {
    deflated = zlibSync(cleaned, { level });
    if (deflated.length <= space) break;
  }
  if (deflated.length > space)
    throw new EngineError(
      'unsupported',
      `${what}: a compressed metafile picture that no longer fits its record once cleaned`,
    );
  const cbSave = new Uint8Array(CB_SAVE_BYTES);
  writeU32le(cbSave, 0, deflated.length);
  place.write(header + CB_SAVE_AT, cbSave);
  place.write(start, zeroPadded(deflated, space));
}

function zeroPadded(b: Uint8Array, length: number): Uint8Array {
  const padded = new Uint8Array(length);
  padded.set(b);
  return padded;
}
