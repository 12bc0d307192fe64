/**
 * The pictures of an ID3v2 tag: APIC frames (ID3v2.3 and 2.4 4.14: text encoding, MIME type,
 * picture type, description, picture data) and ID3v2.2's PIC (4.15: an image format of three
 * characters where APIC has a MIME type). Read in memory, never throwing: a frame whose fields
 * do not fit has no picture.
 */
import { terminatorEnd, id3Text } from './id3-text';
import { id3Frames } from './id3v2';

/** ID3v2.2 PIC's image format: three characters. */
const PIC_FORMAT_BYTES = 3;
const ENCODING_BYTES = 1;
const PICTURE_TYPE_BYTES = 1;

export interface Id3Picture {
  readonly image: Uint8Array;
  readonly description: string;
}

function picture(id: string, data: Uint8Array): Id3Picture | null {
  if (data.length < ENCODING_BYTES) return null;
  const encoding = data[0]!;
  const typeAt =
    id === 'PIC'
      ? ENCODING_BYTES + PIC_FORMAT_BYTES
      : terminatorEnd(0, data, ENCODING_BYTES);
  const descriptionAt = typeAt + PICTURE_TYPE_BYTES;
  if (descriptionAt > data.length) return null;
  const imageAt = terminatorEnd(encoding, data, descriptionAt);
  const description = id3Text(
    encoding,
    data.subarray(descriptionAt, imageAt),
  ).replace(/\0+$/, '');
  return { image: data.subarray(imageAt), description };
}

/** Every picture the tag holds, in frame order. */
export function id3Pictures(tag: Uint8Array): Id3Picture[] {
  const pictures: Id3Picture[] = [];
  for (const { id, data } of id3Frames(tag)) {
    if ((id !== 'APIC' && id !== 'PIC') || !data) continue;
    const found = picture(id, data);
    if (found && found.image.length > 0) pictures.push(found);
  }
  return pictures;
}
