import { ascii, startsWith } from '../../bytes';
import { LOCAL_HEADER_SIZE } from './format';

const LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const NAME = ascii('mimetype');
/** Where a local header's extra field length sits. */
const EXTRA_LENGTH_AT = 28;
/** Fewer bytes of the media type than this are not enough to tell. */
const MIN_SEEN = 16;

/**
 * True when the archive's first member is a `mimetype` whose content starts with `prefix`, as
 * far as the sniffed head shows it. OpenDocument and EPUB both begin so, the media type readable
 * at a fixed offset.
 */
export function firstMemberIsMimetype(
  head: Uint8Array,
  prefix: Uint8Array,
): boolean {
  if (
    !startsWith(head, LOCAL_HEADER) ||
    !startsWith(head, NAME, LOCAL_HEADER_SIZE)
  )
    return false;
  const extra = head[EXTRA_LENGTH_AT]! | (head[EXTRA_LENGTH_AT + 1]! << 8);
  const at = LOCAL_HEADER_SIZE + NAME.length + extra;
  const seen = Math.min(prefix.length, head.length - at);
  return seen >= MIN_SEEN && startsWith(head, prefix.subarray(0, seen), at);
}
