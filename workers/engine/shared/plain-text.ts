/** Extensions of the plain-text files kept as content. */
const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'md']);
const TEXT_MIME = 'text/plain';
/** Control characters a text file holds: tab, line feed, form feed, carriage return. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);
const SPACE = 0x20;
const DELETE = 0x7f;

/** Whether a file's name or declared type says text: its bytes are worth a look. */
export function namedAsText(name: string, subtype?: string): boolean {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  return TEXT_EXTENSIONS.has(extension) || subtype === TEXT_MIME;
}

/**
 * Whether a file inside another (a PDF's attachment, a zip's member) is plain text to keep as
 * content: named or typed as text, UTF-8, and without control characters but line breaks and
 * tabs. Text has nowhere to hide metadata: what it says is what it shows.
 */
export function isPlainText(
  name: string,
  subtype: string | undefined,
  bytes: Uint8Array,
): boolean {
  if (!namedAsText(name, subtype)) return false;
  for (const b of bytes)
    if ((b < SPACE && !TEXT_CONTROLS.has(b)) || b === DELETE) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
