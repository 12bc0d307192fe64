import type { ByteSource } from '../byte-source';
import { ascii, startsWith } from '../bytes';
import { EngineError } from '../errors';
import type { FormatModule } from '../format-module';
import { entryUint } from '../metadata/tiff-ifd';
import { patchPlan } from '../shared/in-place';
import { tiffFindings } from './tiff/findings';
import { PHOTOMETRIC_TAG, RAW_PHOTOMETRIC } from './tiff/keep';
import { tiffPatches } from './tiff/plan';
import { tiffSniffer } from './tiff/sniff';
import { readValue, walkTiff, type TiffWalk } from './tiff/walk';

const DNG_VERSION_TAG = 0xc612;
/** Canon CR2 puts `CR` right after the TIFF header. */
const CR2_MARK = ascii('CR');
const CR2_MARK_AT = 8;

/** Camera raw files (DNG, CR2, NEF, ARW...) need their maker data to decode: report only. */
async function isCameraRaw(src: ByteSource, walk: TiffWalk): Promise<boolean> {
  if (startsWith(await src.read(CR2_MARK_AT, 2), CR2_MARK)) return true;
  for (const walked of walk.ifds) {
    if (walked.ifd.entries.some((e) => e.tag === DNG_VERSION_TAG)) return true;
    const photometric = walked.ifd.entries.find(
      (e) => e.tag === PHOTOMETRIC_TAG,
    );
    if (!photometric) continue;
    const value = entryUint(
      photometric,
      await readValue(src, walked, photometric),
      walk.order,
    );
    if (value !== undefined && RAW_PHOTOMETRIC.has(value)) return true;
  }
  return false;
}

/**
 * TIFF: every IFD keeps only the tags needed to show the image (an allow-list) plus the ICC
 * profile and Orientation; removed entries leave their IFD and their values are zeroed; the Exif,
 * GPS and Interop IFDs are zeroed whole. All in place: the output has the input's size and every
 * strip and tile stays at its offset. Camera raw files (DNG and kin) are inspected, not cleaned.
 */
export const tiff: FormatModule = {
  ...tiffSniffer,
  async analyze(src, _format, ctx) {
    const walk = await walkTiff(src, ctx.signal);
    return {
      findings: await tiffFindings(src, walk),
      async plan() {
        if (await isCameraRaw(src, walk)) {
          throw new EngineError(
            'unsupported',
            'camera raw files are inspected, not cleaned',
          );
        }
        return patchPlan(src.size, await tiffPatches(src, walk));
      },
    };
  },
};
