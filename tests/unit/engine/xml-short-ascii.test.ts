/**
 * A short ASCII attribute value is read without a decoder (`shortAscii` in shared/xml/text.ts):
 * what `xmlText`, and the SVG reader's Latin-1 and UTF-8 reads, answer must not change. The
 * reference is the rule as the module states it: UTF-8 decoded, CDATA marks dropped, the five
 * predefined entities and character references resolved, white space runs made one space, trimmed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortAscii, xmlText } from '../../../workers/engine/shared/xml';

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function reference(bytes: Uint8Array): string {
  return new TextDecoder('utf-8')
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

/** Bytes of attribute values: mostly plain ASCII, with the bytes the rule acts on mixed in. */
const valueBytes = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 0x21, max: 0x7e }) },
      {
        weight: 3,
        arbitrary: fc.constantFrom(0x20, 0x09, 0x0a, 0x0d, 0x0b, 0x0c),
      },
      { weight: 2, arbitrary: fc.constantFrom(0x26, 0x5b, 0x5d, 0x3b, 0x23) },
      { weight: 1, arbitrary: fc.integer({ min: 0x00, max: 0xff }) },
    ),
    { maxLength: 160 },
  )
  .map((codes) => Uint8Array.from(codes));

describe('short ASCII values read without a decoder', () => {
  it('give what the decoding rule gives, for any bytes', () => {
    fc.assert(
      fc.property(valueBytes, (bytes) => {
        expect(xmlText(bytes)).toBe(reference(bytes));
        const ascii = shortAscii(bytes);
        if (ascii !== null) {
          expect(ascii).toBe(new TextDecoder('latin1').decode(bytes));
          expect(ascii).toBe(new TextDecoder('utf-8').decode(bytes));
        }
      }),
      { numRuns: 5000, seed: 21 },
    );
  });

  it('read the values a drawing is made of, and leave longer or non-ASCII ones to a decoder', () => {
    for (const plain of ['fill:url(#g17)', '123', 'a b c', ''])
      expect(shortAscii(new TextEncoder().encode(plain))).toBe(plain);
    expect(shortAscii(new TextEncoder().encode('Jos\u00e9'))).toBeNull();
    expect(shortAscii(new Uint8Array(129).fill(0x61))).toBeNull();
    for (const edge of [
      ' lead',
      'trail ',
      'two  spaces',
      'tab\there',
      '&amp;',
      '<![CDATA[x]]>',
    ])
      expect(xmlText(new TextEncoder().encode(edge))).toBe(
        reference(new TextEncoder().encode(edge)),
      );
  });
});
