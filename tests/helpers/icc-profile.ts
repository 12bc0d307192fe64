/**
 * A small but well-formed ICC v2 display profile (ICC.1:2001-04), generated so tests need no real
 * file: header, a tag table, and the tags readers look for (description, white point, copyright).
 */
const HEADER_BYTES = 128;
const TAG_ENTRY_BYTES = 12;
/** The PCS illuminant, D50, as s15Fixed16Number (ICC.1 clause 7.2.16). */
const D50 = [0.9642, 1.0, 0.8249];
/** The copyright of the sRGB profile cameras embed: with its description, a standard profile. */
const STANDARD_COPYRIGHT = 'Copyright (c) 1998 Hewlett-Packard Company';

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

function u32(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}

function s15Fixed16(x: number): number[] {
  return u32(Math.round(x * 0x10000) >>> 0);
}

function pad4(bytes: number[]): number[] {
  while (bytes.length % 4 !== 0) bytes.push(0);
  return bytes;
}

/** textDescriptionType (ICC.1:2001 clause 6.5.17): ASCII, then empty Unicode and ScriptCode parts. */
function textDescription(text: string): number[] {
  const chars = [...ascii(text), 0];
  return pad4([
    ...ascii('desc'),
    ...u32(0),
    ...u32(chars.length),
    ...chars,
    ...u32(0),
    ...u32(0),
    0,
    0,
    0,
    ...new Array<number>(67).fill(0),
  ]);
}

function textType(text: string): number[] {
  return pad4([...ascii('text'), ...u32(0), ...ascii(text), 0]);
}

function xyz(values: readonly number[]): number[] {
  return [...ascii('XYZ '), ...u32(0), ...values.flatMap(s15Fixed16)];
}

/**
 * mluc (ICC.1:2010 10.13): `records` records of UTF-16BE text, the last holding `text` and every
 * other an empty en-US string.
 */
function mluc(text: string, records = 1): number[] {
  const utf16 = [...text].flatMap((c) => [0, c.charCodeAt(0)]);
  const textAt = 16 + records * 12;
  const empty = Array.from({ length: records - 1 }, () => [
    ...ascii('enUS'),
    ...u32(0),
    ...u32(textAt),
  ]).flat();
  return pad4([
    ...ascii('mluc'),
    ...u32(0),
    ...u32(records),
    ...u32(12),
    ...empty,
    ...ascii('enUS'),
    ...u32(utf16.length),
    ...u32(textAt),
    ...utf16,
  ]);
}

export interface ProfileWords {
  readonly copyright?: string;
  /** A device model description (`dmdd`, mluc). */
  readonly model?: string;
  /** Bytes of an unknown tag put before the copyright, to push it into a later JPEG chunk. */
  readonly filler?: number;
  /** Empty unknown tags put before the copyright, so the tag table is that much longer. */
  readonly emptyTags?: number;
  /** Records of the device model's mluc, the model's text in the last. */
  readonly modelRecords?: number;
  /** A second `desc` tag after the first, which readers show too. */
  readonly secondDescription?: string;
}

/** An RGB display profile whose ProfileDescription is `description`. */
export function iccProfileBytes(
  description = 'sRGB IEC61966-2.1',
  words: ProfileWords = {},
): Uint8Array {
  const tags: [string, number[]][] = [
    ['desc', textDescription(description)],
    ...(words.secondDescription
      ? [
          ['desc', textDescription(words.secondDescription)] as [
            string,
            number[],
          ],
        ]
      : []),
    ['wtpt', xyz(D50)],
    ...(words.filler
      ? [
          ['zzzz', new Array<number>(words.filler).fill(0)] as [
            string,
            number[],
          ],
        ]
      : []),
    ...Array.from(
      { length: words.emptyTags ?? 0 },
      (_, i): [string, number[]] => [`z${String(i).padStart(3, '0')}`, []],
    ),
    ['cprt', textType(words.copyright ?? STANDARD_COPYRIGHT)],
    ...(words.model
      ? [['dmdd', mluc(words.model, words.modelRecords)] as [string, number[]]]
      : []),
  ];
  let offset = HEADER_BYTES + 4 + tags.length * TAG_ENTRY_BYTES;
  const table: number[] = u32(tags.length);
  const data: number[] = [];
  for (const [signature, body] of tags) {
    table.push(...ascii(signature), ...u32(offset), ...u32(body.length));
    data.push(...body);
    offset += body.length;
  }
  const header = [
    ...u32(offset),
    ...u32(0),
    ...u32(0x02100000),
    ...ascii('mntrRGB XYZ '),
    ...new Array<number>(12).fill(0),
    ...ascii('acsp'),
    ...new Array<number>(24).fill(0),
    ...u32(0),
    ...D50.flatMap(s15Fixed16),
    ...new Array<number>(48).fill(0),
  ];
  return Uint8Array.from([...header, ...table, ...data]);
}
