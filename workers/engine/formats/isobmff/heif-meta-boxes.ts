/**
 * The children of a HEIF `meta` box (ISO/IEC 14496-12 8.11.1; 23008-12 9) other than those the
 * picture is read through (handler, primary item, item locations, information and references,
 * item properties, item data, data information, entity groups). XML metadata (`xml `, `bxml`,
 * 14496-12 8.11.2), which exiftool reads as the file's, and any box no rule knows become `free`
 * boxes of their size with zeroed payloads, reported; a `free` or `skip` box already there is
 * emptied of what an editor left in it. The handler's name, informative only, is blanked as a
 * track's is (handler.ts): exiftool shows it as the file's handler description. Protected items (`ipro`, 8.11.5) are refused: their
 * bytes cannot be read to show they hold nothing.
 */
import { EngineError } from '../../errors';
import { finding, type Finding } from '../../findings';
import type { Box } from './box';
import { FREE_SPACE_TYPES, emptyFreeBox } from './free-contents';
import { readHandler } from './handler';
import type { Region } from './region';

const PICTURE_BOXES = new Set([
  'hdlr',
  'pitm',
  'iloc',
  'iinf',
  'iref',
  'iprp',
  'idat',
  'dinf',
  'grpl',
]);
const XML_BOXES = new Set(['xml ', 'bxml']);
const PROTECTION = 'ipro';
const HANDLER = 'hdlr';
const WHERE = 'meta';

export function freeOtherMetaBoxes(
  region: Region,
  children: readonly Box[],
): Finding[] {
  const found: Finding[] = [];
  for (const box of children) {
    if (box.type === HANDLER) readHandler(region, box, `${WHERE}/hdlr`, found);
    if (PICTURE_BOXES.has(box.type)) continue;
    if (box.type === PROTECTION)
      throw new EngineError('unsupported', 'HEIF items under protection');
    if (FREE_SPACE_TYPES.has(box.type)) {
      const emptied = emptyFreeBox(region, box, WHERE);
      if (emptied) found.push(emptied);
      continue;
    }
    const bytes = `${box.end - box.payload} bytes`;
    if (XML_BOXES.has(box.type))
      found.push(
        finding('other.data', 'XML metadata', `${WHERE}/${box.type}`, bytes),
      );
    else found.push(finding('other.data', box.type, WHERE, 'unknown box'));
    region.free(box);
  }
  return found;
}
