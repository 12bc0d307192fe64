/**
 * IPTC IIM records (IPTC-NAA IIM 4.2) and the Photoshop Image Resource Blocks that carry them
 * (JPEG APP13 `Photoshop 3.0`, TIFF tags 33723 and 34377), for the report. Never throws: a
 * damaged block reports what could be read.
 */
import { decodeText, u16be, u32be } from '../bytes';
import { FIELDS, type FieldId } from '../fields';
import { finding, type Finding } from '../findings';
import { MAX_ENTRIES } from '../limits';
import { readExifFindings } from './exif';
import { isoDate } from './tiff-values';
import { readXmpFindings } from './xmp';

const IIM_TAG_MARKER = 0x1c;
const IIM_HEADER_BYTES = 5;
/** IIM 4.2 section 1.5.4: a size with the high bit set is an extended size (we skip those). */
const IIM_EXTENDED_SIZE = 0x8000;
const APPLICATION_RECORD = 2;

const DATASETS: Readonly<Record<number, readonly [string, FieldId]>> = {
  5: ['ObjectName', 'content.title'],
  25: ['Keywords', 'content.keywords'],
  40: ['SpecialInstructions', 'content.comment'],
  55: ['DateCreated', 'time.taken'],
  60: ['TimeCreated', 'time.detail'],
  62: ['DigitalCreationDate', 'time.digitized'],
  63: ['DigitalCreationTime', 'time.detail'],
  65: ['OriginatingProgram', 'software.creator'],
  70: ['ProgramVersion', 'software.detail'],
  80: ['By-line', 'author.name'],
  85: ['By-lineTitle', 'author.job-title'],
  90: ['City', 'place.name'],
  92: ['Sub-location', 'place.name'],
  95: ['Province-State', 'place.name'],
  100: ['Country-PrimaryLocationCode', 'place.name'],
  101: ['Country-PrimaryLocationName', 'place.name'],
  103: ['OriginalTransmissionReference', 'identifier.job'],
  105: ['Headline', 'content.title'],
  110: ['Credit', 'author.organization'],
  115: ['Source', 'author.organization'],
  116: ['CopyrightNotice', 'author.copyright'],
  118: ['Contact', 'author.contact'],
  120: ['Caption-Abstract', 'content.description'],
  122: ['Writer-Editor', 'author.name'],
};

/** Record 2 datasets that describe the record, not the picture. */
const QUIET_DATASETS = new Set([0]);

/** `20240501` to `2024-05-01`. */
function iimDate(text: string): string {
  return /^\d{8}$/.test(text)
    ? isoDate(`${text.slice(0, 4)}:${text.slice(4, 6)}:${text.slice(6)}`)
    : text;
}

/** The findings of IPTC IIM datasets (record 2 by name; other records as one item each). */
export function readIptcFindings(iim: Uint8Array, location: string): Finding[] {
  const found: Finding[] = [];
  let at = 0;
  while (at + IIM_HEADER_BYTES <= iim.length && found.length < MAX_ENTRIES) {
    if (iim[at] !== IIM_TAG_MARKER) break;
    const record = iim[at + 1]!;
    const dataset = iim[at + 2]!;
    const size = u16be(iim, at + 3);
    if (size & IIM_EXTENDED_SIZE) break;
    const value = iim.subarray(
      at + IIM_HEADER_BYTES,
      at + IIM_HEADER_BYTES + size,
    );
    at += IIM_HEADER_BYTES + size;
    if (record !== APPLICATION_RECORD || QUIET_DATASETS.has(dataset)) continue;
    const [label, field] = DATASETS[dataset] ?? [
      `IPTC2:${dataset}`,
      'other.data',
    ];
    const text = decodeText(value);
    found.push(
      finding(
        field,
        label,
        location,
        FIELDS[field].value === 'date' ? iimDate(text) : text,
      ),
    );
  }
  return found.length > 0 ? found : [finding('other.data', 'IPTC', location)];
}

const IRB_SIGNATURE = '8BIM';
const IRB_ID = {
  IPTC: 0x0404,
  THUMBNAIL_OLD: 0x0409,
  THUMBNAIL: 0x040c,
  EXIF: 0x0422,
  EXIF3: 0x0423,
  XMP: 0x0424,
  CAPTION_DIGEST: 0x0425,
} as const;

function resourceFindings(
  id: number,
  data: Uint8Array,
  location: string,
): Finding[] {
  const where = `${location} / 8BIM 0x${id.toString(16).padStart(4, '0')}`;
  switch (id) {
    case IRB_ID.IPTC:
      return readIptcFindings(data, `${location} / IPTC`);
    case IRB_ID.THUMBNAIL:
    case IRB_ID.THUMBNAIL_OLD:
      return [
        finding(
          'thumbnail.image',
          'PhotoshopThumbnail',
          where,
          `${data.length} bytes`,
        ),
      ];
    case IRB_ID.EXIF:
    case IRB_ID.EXIF3:
      return readExifFindings(data, `${location} / EXIF`);
    case IRB_ID.XMP:
      return readXmpFindings(data, `${location} / XMP`);
    case IRB_ID.CAPTION_DIGEST:
      return [finding('identifier.unique', 'IPTCDigest', where)];
    default:
      return [];
  }
}

/** Photoshop File Formats Specification, "Image Resource Blocks". */
const SIGNATURE_BYTES = 4;
const ID_BYTES = 2;
const SIZE_BYTES = 4;
/** The name is a Pascal string (length byte first) padded to an even length. */
const evenPascalLength = (nameLength: number) =>
  nameLength + 1 + ((nameLength + 1) % 2);

interface Resource {
  readonly id: number;
  readonly data: Uint8Array;
  readonly next: number;
}

function resourceAt(irb: Uint8Array, at: number): Resource | null {
  const nameAt = at + SIGNATURE_BYTES + ID_BYTES;
  if (nameAt + 1 > irb.length) return null;
  if (decodeText(irb.subarray(at, at + SIGNATURE_BYTES)) !== IRB_SIGNATURE)
    return null;
  const sizeAt = nameAt + evenPascalLength(irb[nameAt]!);
  if (sizeAt + SIZE_BYTES > irb.length) return null;
  const size = u32be(irb, sizeAt);
  const dataAt = sizeAt + SIZE_BYTES;
  return {
    id: u16be(irb, at + SIGNATURE_BYTES),
    data: irb.subarray(dataAt, dataAt + size),
    next: dataAt + size + (size % 2),
  };
}

/** Photoshop Image Resource Blocks: `8BIM`, id, padded Pascal name, size, padded data. */
export function readPhotoshopFindings(
  irb: Uint8Array,
  location: string,
): Finding[] {
  const found: Finding[] = [];
  let at = 0;
  for (let blocks = 0; blocks < MAX_ENTRIES; blocks++) {
    const resource = resourceAt(irb, at);
    if (!resource) break;
    for (const item of resourceFindings(resource.id, resource.data, location))
      found.push(item);
    at = resource.next;
  }
  return found.length > 0
    ? found
    : [finding('other.data', 'Photoshop', location)];
}
