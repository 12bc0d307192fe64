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
