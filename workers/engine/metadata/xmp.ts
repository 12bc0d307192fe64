/**
 * XMP packets (ISO 16684-1) for the report: creator, rights, dates, creator tool, GPS, camera,
 * document ids and the edit history. Workers have no DOMParser, and a packet may be truncated or
 * junk, so this is a tolerant scan of RDF properties in both forms (attribute `ns:Prop="v"` and
 * element `<ns:Prop>v</ns:Prop>`, with `rdf:li` items), not an XML parser. Linear regexes only.
 */
import { decodeText } from '../bytes';
import { finding, type Finding, type FindingCategory } from '../findings';

/** A packet beyond this is scanned only in its first part (the report caps findings anyway). */
const MAX_SCAN_CHARS = 4 * 1024 * 1024;
/** Enough for any real packet; stops a hostile one from flooding the report. */
const MAX_FINDINGS = 300;
/** Structural namespaces: how RDF is spelled, not what it says. */
const SKIPPED_PREFIXES = new Set([
  'xmlns',
  'rdf',
  'x',
  'xml',
  'stEvt',
  'xmpNote',
]);
/** Properties that only hold other properties (reported through their items). */
const CONTAINERS = new Set([
  'xmpMM:History',
  'xmpMM:DerivedFrom',
  'xmpMM:Ingredients',
  'xmpMM:Pantry',
]);

const CATEGORY_BY_NAME: Readonly<Record<string, FindingCategory>> = {
  'dc:creator': 'author',
  'dc:rights': 'author',
  'dc:contributor': 'author',
  'dc:publisher': 'author',
  'dc:title': 'comment',
  'dc:description': 'comment',
  'dc:subject': 'comment',
  'xmp:CreatorTool': 'software',
  'tiff:Software': 'software',
  'xmp:CreateDate': 'time',
  'xmp:ModifyDate': 'time',
  'xmp:MetadataDate': 'time',
  'photoshop:DateCreated': 'time',
  'exif:DateTimeOriginal': 'time',
  'exif:DateTimeDigitized': 'time',
  'tiff:DateTime': 'time',
  'exif:GPSTimeStamp': 'time',
  'tiff:Artist': 'author',
  'tiff:Copyright': 'author',
  'photoshop:AuthorsPosition': 'author',
  'photoshop:Credit': 'author',
  'photoshop:City': 'location',
  'photoshop:State': 'location',
  'photoshop:Country': 'location',
  'Iptc4xmpCore:Location': 'location',
  'Iptc4xmpCore:CountryCode': 'location',
  'xmpMM:DocumentID': 'identifier',
  'xmpMM:InstanceID': 'identifier',
  'xmpMM:OriginalDocumentID': 'identifier',
  'exif:ImageUniqueID': 'identifier',
  'exifEX:BodySerialNumber': 'identifier',
  'aux:SerialNumber': 'identifier',
  'exif:UserComment': 'comment',
};

const CATEGORY_BY_PREFIX: Readonly<Record<string, FindingCategory>> = {
  exif: 'device',
  exifEX: 'device',
  tiff: 'device',
  aux: 'device',
  crs: 'software',
  xmpRights: 'author',
  Iptc4xmpCore: 'other',
  stRef: 'identifier',
};

function categoryOf(name: string): FindingCategory {
  if (name.startsWith('exif:GPS') && name !== 'exif:GPSTimeStamp')
    return 'location';
  const prefix = name.slice(0, name.indexOf(':'));
  return CATEGORY_BY_NAME[name] ?? CATEGORY_BY_PREFIX[prefix] ?? 'other';
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function unescapeXml(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) =>
      safeChar(parseInt(hex, 16)),
    )
    .replace(/&#(\d+);/g, (_, dec: string) => safeChar(parseInt(dec, 10)))
    .replace(
      /&(amp|lt|gt|quot|apos);/g,
      (_, name: string) => ENTITIES[name] ?? '',
    )
    .trim();
}

function safeChar(code: number): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

/** `43,28.0468N` or `43,28,2.81N` (XMP GPSCoordinate) to signed decimal degrees. */
function xmpCoordinate(text: string): string {
  const m = /^(\d+),(\d+(?:\.\d+)?)(?:,(\d+(?:\.\d+)?))?([NSEW])$/i.exec(
    text.trim(),
  );
  if (!m) return text;
  const value = Number(m[1]) + Number(m[2]) / 60 + Number(m[3] ?? 0) / 3600;
  const sign = /[SW]/i.test(m[4]!) ? -1 : 1;
  return (sign * value).toFixed(6);
}

function shown(name: string, raw: string): string {
  const value = unescapeXml(raw);
  return name === 'exif:GPSLatitude' || name === 'exif:GPSLongitude'
    ? xmpCoordinate(value)
    : value;
}

const QNAME = '([A-Za-z_][\\w.-]*):([A-Za-z_][\\w.-]*)';
const ATTRIBUTE = new RegExp(
  `\\s${QNAME}\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`,
  'g',
);
const SIMPLE_ELEMENT = new RegExp(
  `<${QNAME}(?:\\s[^<>]*)?>([^<]*)</\\1:\\2>`,
  'g',
);
const LIST_ELEMENT = new RegExp(
  `<${QNAME}(?:\\s[^<>]*)?>\\s*<rdf:(?:Seq|Bag|Alt)[^<>]*>((?:\\s*<rdf:li[^<>]*>[^<]*</rdf:li>)*)`,
  'g',
);
const LIST_ITEM = /<rdf:li[^<>]*>([^<]*)<\/rdf:li>/g;
const EVENT_FIELD =
  /stEvt:(action|when|softwareAgent|changed)(?:\s*=\s*"([^"]*)"|>([^<]*)<)/g;

function properties(text: string): [string, string][] {
  const found: [string, string][] = [];
  for (const m of text.matchAll(ATTRIBUTE))
    found.push([`${m[1]}:${m[2]}`, m[3] ?? m[4] ?? '']);
  for (const m of text.matchAll(SIMPLE_ELEMENT))
    found.push([`${m[1]}:${m[2]}`, m[3] ?? '']);
  for (const m of text.matchAll(LIST_ELEMENT)) {
    const items = [...(m[3] ?? '').matchAll(LIST_ITEM)].map((i) =>
      unescapeXml(i[1] ?? ''),
    );
    found.push([`${m[1]}:${m[2]}`, items.filter(Boolean).join('; ')]);
  }
  return found;
}

function historyFindings(text: string, location: string): Finding[] {
  const start = text.indexOf('<xmpMM:History');
  if (start < 0) return [];
  const end = text.indexOf('</xmpMM:History>', start);
  const block = text.slice(start, end < 0 ? undefined : end);
  // One piece per event: its fields are attributes of the rdf:li or elements inside it.
  return block
    .split('<rdf:li')
    .slice(1)
    .flatMap((piece) => {
      const fields = [...piece.matchAll(EVENT_FIELD)].map((f) =>
        unescapeXml(f[2] ?? f[3] ?? ''),
      );
      const value = fields.filter(Boolean).join(', ');
      return value
        ? [finding('history', 'xmpMM:History', location, value)]
        : [];
    });
}

/** Every property of an XMP packet for the report. Never throws; junk yields what it can. */
export function readXmpFindings(xml: Uint8Array, location: string): Finding[] {
  const text = decodeText(xml.subarray(0, MAX_SCAN_CHARS));
  const seen = new Set<string>();
  const found: Finding[] = [];
  for (const [name, raw] of properties(text)) {
    const prefix = name.slice(0, name.indexOf(':'));
    if (SKIPPED_PREFIXES.has(prefix) || CONTAINERS.has(name)) continue;
    const value = shown(name, raw);
    const key = `${name}\0${value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(finding(categoryOf(name), name, location, value || undefined));
  }
  const all = [...found, ...historyFindings(text, location)].slice(
    0,
    MAX_FINDINGS,
  );
  return all.length > 0 ? all : [finding('other', 'XMP', location)];
}
