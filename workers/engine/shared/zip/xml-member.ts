import { encodeXml, type XmlEdits } from '../xml';
import type { ZipEntry } from './read';
import { copiedMember, newMember, type OutMember } from './write';

/** An XML member rewritten with its edits, or copied compressed as it is when there are none. */
export function editedXmlMember(
  entry: ZipEntry,
  xml: string,
  edits: XmlEdits,
): OutMember {
  return edits.size
    ? newMember(entry.name, encodeXml(edits.apply(xml)))
    : copiedMember(entry);
}
