/** The readable part of a FLAC PICTURE block (RFC 9639 8.8): MIME type, description, size. */
import { decodeLatin1, decodeText, u32be } from '../../bytes';
import { corrupt } from '../../errors';

const FIELD_BYTES = 4;
/** Bytes of a PICTURE block read for the report: its fields, never the image. */
export const PICTURE_PREFIX_BYTES = 64 * 1024;

/** `image/png 16x16 "description"`, read from the block's first bytes. */
export function pictureSummary(prefix: Uint8Array): string {
  let at = FIELD_BYTES;
  const mimeLength = u32be(prefix, at);
  at += FIELD_BYTES;
  if (mimeLength > prefix.length - at)
    throw corrupt('PICTURE MIME type runs past its block');
  const mime = decodeLatin1(prefix.subarray(at, at + mimeLength));
  at += mimeLength;
  const descriptionLength = u32be(prefix, at);
  at += FIELD_BYTES;
  const description = decodeText(
    prefix.subarray(at, at + Math.min(descriptionLength, prefix.length - at)),
  );
  at += descriptionLength;
  const size =
    at + 2 * FIELD_BYTES <= prefix.length
      ? ` ${u32be(prefix, at)}x${u32be(prefix, at + FIELD_BYTES)}`
      : '';
  return `${mime}${size}${description ? ` "${description}"` : ''}`;
}

/** Width, height, colour depth and colours used, then the picture data's length (RFC 9639 8.8). */
const DIMENSION_FIELDS = 4;

/** The image a PICTURE block holds, and its description; null when its fields do not fit. */
export function pictureImage(
  block: Uint8Array,
): { image: Uint8Array; description: string } | null {
  if (block.length < 2 * FIELD_BYTES) return null;
  let at = FIELD_BYTES;
  const mimeLength = u32be(block, at);
  at += FIELD_BYTES + mimeLength;
  if (at + FIELD_BYTES > block.length) return null;
  const descriptionLength = u32be(block, at);
  at += FIELD_BYTES;
  if (at + descriptionLength > block.length) return null;
  const description = decodeText(block.subarray(at, at + descriptionLength));
  at += descriptionLength + DIMENSION_FIELDS * FIELD_BYTES;
  if (at + FIELD_BYTES > block.length) return null;
  const dataLength = u32be(block, at);
  at += FIELD_BYTES;
  if (at + dataLength > block.length) return null;
  return { image: block.subarray(at, at + dataLength), description };
}
