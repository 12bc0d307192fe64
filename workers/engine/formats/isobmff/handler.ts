/**
 * The media handler box (ISO/IEC 14496-12 8.4.3): its handler_type tells video from sound from
 * timed metadata and is kept; its `name` is informative only and often names the device or the
 * software (`GoPro MET`, `Core Media Video`, `VideoHandler`), so it is blanked in place. QuickTime
 * writes the name as a counted string, ISO as a NUL-terminated one; all zeros is empty in both.
 */
import { decodeText, fourcc } from '../../bytes';
import { corrupt } from '../../errors';
import { finding, type Finding } from '../../findings';
import { FULL_BOX_BYTES, isZero, type Box } from './box';
import type { Region } from './region';

/** FullBox header, pre_defined (4), handler_type (4), reserved (12), then the name. */
const TYPE_AT = FULL_BOX_BYTES + 4;
const NAME_AT = TYPE_AT + 4 + 12;

function nameText(bytes: Uint8Array): string {
  const counted = bytes[0] === bytes.length - 1 || bytes[0]! < bytes.length - 1;
  const pascal =
    counted && bytes[0]! > 0 && !bytes.subarray(1, 1 + bytes[0]!).includes(0);
  return decodeText(pascal ? bytes.subarray(1, 1 + bytes[0]!) : bytes);
}

/** Returns the handler_type; reports and blanks a non-empty name. */
export function readHandler(
  region: Region,
  hdlr: Box,
  path: string,
  findings: Finding[],
): string {
  if (hdlr.end - hdlr.payload < NAME_AT)
    throw corrupt(`hdlr at ${hdlr.start} is too short`);
  const type = fourcc(region.bytes, hdlr.payload - region.base + TYPE_AT);
  const from = hdlr.payload + NAME_AT;
  if (isZero(region.bytes, from - region.base, hdlr.end - region.base))
    return type;
  const name = nameText(
    region.bytes.subarray(from - region.base, hdlr.end - region.base),
  );
  findings.push(
    finding('software.handler-name', 'hdlr name', path, name || undefined),
  );
  region.zero(from, hdlr.end);
  return type;
}
