/**
 * The byte forms a text canary takes when a format stores it without compressing it: UTF-8,
 * UTF-16 LE and BE, hexadecimal digits (either case) and a PDF literal string written entirely as
 * octal escapes (ISO 32000-1, 7.3.4.2). Strings with only some characters escaped are found by the
 * PDF layer, which decodes every literal string.
 */

export interface TextForm {
  readonly name: string;
  readonly bytes: Buffer;
}

const octal = (text: string): string =>
  [...Buffer.from(text, 'utf8')]
    .map((b) => `\\${b.toString(8).padStart(3, '0')}`)
    .join('');

/** A PDF literal string's escapes for the characters that need one. */
const pdfEscaped = (text: string): string => text.replace(/[()\\]/g, '\\$&');

export function textForms(canary: string): TextForm[] {
  const utf8 = Buffer.from(canary, 'utf8');
  const utf16le = Buffer.from(canary, 'utf16le');
  const forms: TextForm[] = [
    { name: 'utf-8', bytes: utf8 },
    { name: 'utf-16le', bytes: utf16le },
    { name: 'utf-16be', bytes: Buffer.from(utf16le).swap16() },
    { name: 'hex', bytes: Buffer.from(utf8.toString('hex'), 'latin1') },
    {
      name: 'HEX',
      bytes: Buffer.from(utf8.toString('hex').toUpperCase(), 'latin1'),
    },
    {
      name: 'hex utf-16be',
      bytes: Buffer.from(Buffer.from(utf16le).swap16().toString('hex')),
    },
    { name: 'pdf octal', bytes: Buffer.from(octal(canary), 'latin1') },
  ];
  const escaped = pdfEscaped(canary);
  if (escaped !== canary)
    forms.push({ name: 'pdf escaped', bytes: Buffer.from(escaped, 'utf8') });
  return forms;
}

/** The names of the forms of `canary` found in `bytes`. */
export function formsIn(
  bytes: Uint8Array,
  forms: readonly TextForm[],
): string[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const hexText = forms.some((f) => f.name.startsWith('hex'))
    ? hexDigitsOnly(buffer)
    : undefined;
  return forms.flatMap((form) => {
    if (buffer.includes(form.bytes)) return [form.name];
    // Hex digits may be split by whitespace (a PDF hex string may wrap anywhere).
    if (
      form.name.toLowerCase().startsWith('hex') &&
      hexText?.includes(form.bytes.toString('latin1').toLowerCase())
    )
      return [`${form.name} (wrapped)`];
    return [];
  });
}

const HEX_RUN_MIN = 8;

/** Every run of hex digits and whitespace, whitespace removed and lower-cased, joined by `|`. */
function hexDigitsOnly(buffer: Buffer): string {
  const runs = buffer.toString('latin1').match(/[0-9a-fA-F\s]{8,}/g) ?? [];
  return runs
    .map((r) => r.replace(/\s+/g, '').toLowerCase())
    .filter((r) => r.length >= HEX_RUN_MIN)
    .join('|');
}
