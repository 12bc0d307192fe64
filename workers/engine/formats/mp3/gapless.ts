/**
 * The Xing/Info (with LAME extension) and VBRI headers live in the first audio frame. Players need
 * them for seeking and gapless playback (encoder delay and padding), so they are kept; their
 * encoder string is reported as kept on purpose.
 */
import { decodeLatin1, fourcc, u32be } from '../../bytes';
import { finding, keptFinding, type Finding } from '../../findings';
import { VBRI_OFFSET, frameHeader, xingOffset } from './frame-header';

const XING_FLAG_FRAMES = 1;
const XING_FLAG_BYTES = 2;
const XING_FLAG_TOC = 4;
const XING_FLAG_QUALITY = 8;
const XING_TOC_BYTES = 100;
const FIELD_BYTES = 4;
/** The LAME extension starts with a 9-byte encoder version such as `LAME3.100`. */
const ENCODER_BYTES = 9;
const PRINTABLE = /^[\x20-\x7e]+$/;

/** The kept gapless header in the frame starting at 0 of `frame`, or none. */
export function gaplessFindings(
  frame: Uint8Array,
  location: string,
): Finding[] {
  const header = frameHeader(frame, 0);
  if (!header) return [];
  const at = xingOffset(header);
  const tag = at + FIELD_BYTES <= frame.length ? fourcc(frame, at) : '';
  if (tag === 'Xing' || tag === 'Info') {
    return [
      finding(
        'media.playback',
        tag,
        location,
        lameEncoder(frame, at),
        'playback',
      ),
    ];
  }
  if (
    VBRI_OFFSET + FIELD_BYTES <= frame.length &&
    fourcc(frame, VBRI_OFFSET) === 'VBRI'
  ) {
    return [keptFinding('media.playback', 'VBRI', location, 'playback')];
  }
  return [];
}

function lameEncoder(frame: Uint8Array, xingAt: number): string | undefined {
  if (xingAt + 2 * FIELD_BYTES > frame.length) return undefined;
  const flags = u32be(frame, xingAt + FIELD_BYTES);
  let at = xingAt + 2 * FIELD_BYTES;
  if (flags & XING_FLAG_FRAMES) at += FIELD_BYTES;
  if (flags & XING_FLAG_BYTES) at += FIELD_BYTES;
  if (flags & XING_FLAG_TOC) at += XING_TOC_BYTES;
  if (flags & XING_FLAG_QUALITY) at += FIELD_BYTES;
  if (at + ENCODER_BYTES > frame.length) return undefined;
  const encoder = decodeLatin1(frame.subarray(at, at + ENCODER_BYTES));
  return PRINTABLE.test(encoder) ? encoder : undefined;
}
