/** Field ids for ASF descriptor names (`WM/EncodingSettings`, `WM/Year`, ...). */
import type { FieldId } from '../../fields';

/** Stream properties a player reads from the Metadata objects; kept (display aspect, VBR). */
const TECHNICAL = new Set(
  [
    'AspectRatioX',
    'AspectRatioY',
    'IsVBR',
    'VBR Peak',
    'Buffer Average',
    'DeviceConformanceTemplate',
    'WM/StreamTypeInfo',
    'WM/VideoFrameRate',
    'WM/VideoWidth',
    'WM/VideoHeight',
    'WMFSDKNeeded',
  ].map((n) => n.toLowerCase()),
);

const PATTERNS: readonly [RegExp, FieldId][] = [
  [/ISO6709/, 'gps.position'],
  [/LOCATION|GPS|LATITUDE|LONGITUDE/, 'gps.detail'],
  [/PICTURE|THUMBNAIL/, 'thumbnail.image'],
  [/COPYRIGHT/, 'author.copyright'],
  [/PUBLISHER|PROVIDER/, 'author.organization'],
  [
    /ENCODEDBY|AUTHOR|ARTIST|COMPOSER|WRITER|CONDUCTOR|PRODUCER|DIRECTOR/,
    'author.name',
  ],
  [/ENCOD(ING|ER)|TOOL|SDKVERSION|SOFTWARE|APPLICATION/, 'software.encoder'],
  [/MAKE/, 'device.make'],
  [/MODEL/, 'device.model'],
  [/DEVICE|CAMERA/, 'device.name'],
  [/TIME|DATE|YEAR/, 'time.created'],
  [/^TITLE$|WM\/TITLE/, 'content.title'],
  [/KEYWORDS/, 'content.keywords'],
  [/COMMENT|LYRICS/, 'content.comment'],
  [/DESCRIPTION|SUBTITLE/, 'content.description'],
  [/IDENTIFIER|GUID|UFID|ISRC|MCDI|ID$/, 'identifier.unique'],
];

export function isTechnical(name: string): boolean {
  return TECHNICAL.has(name.toLowerCase());
}

/** The field of a descriptor; album, genre, track numbers and the like are details. */
export function nameField(name: string): FieldId {
  const upper = name.toUpperCase();
  return (
    PATTERNS.find(([pattern]) => pattern.test(upper))?.[1] ?? 'content.detail'
  );
}
