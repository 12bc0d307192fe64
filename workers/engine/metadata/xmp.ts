/**
 * XMP packets (ISO 16684-1) for the report: creator, rights, dates, creator tool, GPS, camera,
 * document ids and the edit history. Workers have no DOMParser, and a packet may be truncated or
 * junk, so this is a tolerant scan of RDF properties in both forms (attribute `ns:Prop="v"` and
 * element `<ns:Prop>v</ns:Prop>`, with `rdf:li` items), not an XML parser. Linear regexes only.
 */
import { decodeText } from '../bytes';
import { FIELDS, type FieldId } from '../fields';
import { finding, type Finding } from '../findings';
import { isoDate } from './tiff-values';

/** The marks of an XMP packet or of its RDF (XMP Part 1, 7.3). */
const XMP_MARK =
  /<\?xpacket|xmpmeta|adobe:ns:meta|www\.w3\.org\/1999\/02\/22-rdf-syntax-ns#/;
const latin1 = new TextDecoder('latin1');

/**
 * Whether bytes hold an XMP packet, in UTF-8 or UTF-16 (its NULs dropped): an XML box or stream
 * may hold any XML, and only XMP is read as XMP.
 */
export function hasXmpMark(data: Uint8Array): boolean {
  return XMP_MARK.test(latin1.decode(data).replace(/\0/g, ''));
}

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

const FIELD_BY_NAME: Readonly<Record<string, FieldId>> = {
  'dc:creator': 'author.name',
  'dc:rights': 'author.copyright',
  'dc:contributor': 'author.name',
  'dc:publisher': 'author.organization',
  'dc:title': 'content.title',
  'dc:description': 'content.description',
  'dc:subject': 'content.keywords',
  'dc:language': 'content.detail',
  'dc:format': 'other.data',
  'pdf:Keywords': 'content.keywords',
  'pdf:Producer': 'software.producer',
  'xmp:CreatorTool': 'software.creator',
  'tiff:Software': 'software.creator',
  'xmp:CreateDate': 'time.created',
  'xmp:ModifyDate': 'time.modified',
  'xmp:MetadataDate': 'time.modified',
  'xmp:Rating': 'content.detail',
  'xmp:Label': 'content.detail',
  'photoshop:DateCreated': 'time.taken',
  'exif:DateTimeOriginal': 'time.taken',
  'exif:DateTimeDigitized': 'time.digitized',
  'tiff:DateTime': 'time.modified',
  'exif:GPSTimeStamp': 'time.gps',
  'exif:GPSAltitude': 'gps.altitude',
  'exif:GPSAreaInformation': 'place.name',
  'tiff:Make': 'device.make',
  'tiff:Model': 'device.model',
  'exif:ExposureTime': 'device.exposure',
  'exif:FNumber': 'device.aperture',
  'exif:ISOSpeedRatings': 'device.iso',
  'exif:PhotographicSensitivity': 'device.iso',
  'exif:FocalLength': 'device.focal-length',
  'aux:Lens': 'device.lens',
  'exifEX:LensModel': 'device.lens',
  'exifEX:LensMake': 'device.lens-make',
  'tiff:Artist': 'author.name',
  'tiff:Copyright': 'author.copyright',
  'tiff:ImageDescription': 'content.description',
  // IPTC Photo Metadata (IPTC Core 1.5, via photoshop:): a job title is not a name.
  'photoshop:AuthorsPosition': 'author.job-title',
  'photoshop:CaptionWriter': 'author.name',
  'photoshop:Credit': 'author.organization',
  'photoshop:Source': 'author.organization',
  'photoshop:Headline': 'content.title',
  'photoshop:Instructions': 'content.comment',
  'photoshop:TransmissionReference': 'identifier.job',
  'photoshop:DocumentAncestors': 'history.changes',
  'photoshop:City': 'place.name',
  'photoshop:State': 'place.name',
  'photoshop:Country': 'place.name',
  'Iptc4xmpCore:Location': 'place.name',
  'Iptc4xmpCore:CountryCode': 'place.name',
  'xmpMM:DocumentID': 'identifier.unique',
  'xmpMM:InstanceID': 'identifier.unique',
  'xmpMM:OriginalDocumentID': 'identifier.unique',
  'exif:ImageUniqueID': 'identifier.unique',
  'exifEX:BodySerialNumber': 'identifier.serial',
  'exifEX:LensSerialNumber': 'identifier.serial',
  'aux:SerialNumber': 'identifier.serial',
  'aux:LensSerialNumber': 'identifier.serial',
  'exif:UserComment': 'content.comment',
  'xmpRights:Marked': 'content.detail',
  'xmpTPg:NPages': 'other.statistics',
};

const FIELD_BY_PREFIX: Readonly<Record<string, FieldId>> = {
  exif: 'device.setting',
  exifEX: 'device.setting',
  aux: 'device.setting',
  tiff: 'other.data',
  crs: 'software.detail',
  xmpRights: 'author.copyright',
  stRef: 'history.changes',
};

/** IPTC Core's creator contact fields (`Iptc4xmpCore:CiEmailWork`, `CiAdrCity`...). */
const CONTACT_PREFIX = 'Iptc4xmpCore:Ci';

function fieldOf(name: string): FieldId {
  const named = FIELD_BY_NAME[name];
  if (named) return named;
  if (name.startsWith('exif:GPS')) return 'gps.detail';
  if (name.startsWith(CONTACT_PREFIX)) return 'author.contact';
  return FIELD_BY_PREFIX[name.slice(0, name.indexOf(':'))] ?? 'other.data';
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

/** XMP writes EXIF rationals as `"num/den"` (the XMP Specification Part 2, 3.2.2.2 Rational). */
const RATIONAL = /^(-?\d+)\/(\d+)$/;
/** Fields whose value readers take as a decimal number. */
const DECIMAL_FIELDS: ReadonlySet<FieldId> = new Set<FieldId>([
  'gps.altitude',
  'device.exposure',
  'device.aperture',
  'device.focal-length',
]);
const SIGNIFICANT_DIGITS = 6;

function decimal(text: string): string {
  const m = RATIONAL.exec(text);
  const den = m ? Number(m[2]) : 0;
  return m && den !== 0
    ? String(Number((Number(m[1]) / den).toPrecision(SIGNIFICANT_DIGITS)))
    : text;
}

function shown(name: string, field: FieldId, raw: string): string {
  const value = unescapeXml(raw);
  if (name === 'exif:GPSLatitude' || name === 'exif:GPSLongitude')
    return xmpCoordinate(value);
  if (field === 'gps.altitude') return `${decimal(value)} m`;
  // XMP dates are ISO 8601 (XMP Part 1, 8.2.1.2), but old writers copied EXIF's "2003:09:10 16:07:32".
  if (FIELDS[field].value === 'date') return isoDate(value);
  return DECIMAL_FIELDS.has(field) ? decimal(value) : value;
}

const LATITUDE = 'exif:GPSLatitude';
const LONGITUDE = 'exif:GPSLongitude';

/**
 * Latitude and longitude are two properties in XMP and one position to a reader: joined into
 * one finding when both are there, so neither is a lone number.
 */
function joinedPosition(found: Finding[], location: string): Finding[] {
  const lat = found.find((f) => f.label === LATITUDE);
  const lon = found.find((f) => f.label === LONGITUDE);
  if (!lat?.value || !lon?.value) return found;
  return [
    finding(
      'gps.position',
      `${LATITUDE}, ${LONGITUDE}`,
      location,
      `${lat.value}, ${lon.value}`,
    ),
    ...found.filter((f) => f !== lat && f !== lon),
  ];
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
const WHOLE_FILE = '/';
const EVENT_ORDER = ['when', 'action', 'softwareAgent', 'changed'] as const;
/** An event's field, as an attribute or an element's start tag (not its end tag: `(?<!/)`). */
const EVENT_FIELD =
  /(?<!\/)stEvt:(action|when|softwareAgent|changed)(?:\s*=\s*"([^"]*)"|>([^<]*)<)/g;

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
      const fields = new Map<string, string>();
      for (const f of piece.matchAll(EVENT_FIELD))
        fields.set(f[1]!, unescapeXml(f[2] ?? f[3] ?? '').trim());
      // stEvt:changed "/" means the whole file changed (XMP Part 2, the ResourceEvent type): it names
      // no part.
      if (fields.get('changed') === WHOLE_FILE) fields.delete('changed');
      // The date first, as the `event` value form says, whatever order the file wrote them in;
      // a missing part keeps its place (empty) when a later one follows, so a reader never takes
      // the app for what was done, or the part changed for the app.
      const [when, ...rest] = EVENT_ORDER.map((name) => fields.get(name) ?? '');
      while (rest.length && !rest[rest.length - 1]) rest.pop();
      const value = [...(when ? [when] : []), ...rest].join(', ');
      return value
        ? [finding('history.event', 'xmpMM:History', location, value)]
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
    const field = fieldOf(name);
    const value = shown(name, field, raw);
    const key = `${name}\0${value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(finding(field, name, location, value));
  }
  const all = [
    ...joinedPosition(found, location),
    ...historyFindings(text, location),
  ].slice(0, MAX_FINDINGS);
  return all.length > 0 ? all : [finding('other.data', 'XMP', location)];
}
