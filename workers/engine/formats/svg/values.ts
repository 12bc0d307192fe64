/** Readable values for the SVG report. */
import type { FieldId } from '../../fields';
import { localName } from './namespaces';

const utf8 = new TextDecoder('utf-8');
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** Character data as text: UTF-8, the five predefined entities and character references resolved. */
export function xmlText(bytes: Uint8Array): string {
  return utf8
    .decode(bytes)
    .replace(/<!\[CDATA\[|\]\]>/g, '')
    .replace(
      /&#x([0-9a-f]+);|&#(\d+);|&(amp|lt|gt|quot|apos);/gi,
      (ref, hex?: string, dec?: string, name?: string) => {
        if (name) return NAMED[name] ?? ref;
        const code = hex ? parseInt(hex, 16) : Number(dec);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      },
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** Editor attributes that name files on the author's disk, or the editor's version. */
export function editorAttributeField(name: string): FieldId {
  const local = localName(name).toLowerCase();
  if (/docname|filename|absref|docbase|path/.test(local))
    return 'identifier.file-name';
  if (local.includes('version')) return 'software.detail';
  return 'software.detail';
}
