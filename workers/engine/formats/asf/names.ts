/** Report categories for ASF descriptor names (`WM/EncodingSettings`, `WM/Year`, ...). */
import type { FindingCategory } from '../../findings';

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

const PATTERNS: readonly [RegExp, FindingCategory][] = [
  [/LOCATION|GPS|LATITUDE|LONGITUDE/, 'location'],
  [/PICTURE|THUMBNAIL/, 'thumbnail'],
  [
    /ENCODEDBY|AUTHOR|ARTIST|COMPOSER|WRITER|PUBLISHER|COPYRIGHT|CONDUCTOR|PRODUCER|DIRECTOR|PROVIDER/,
    'author',
  ],
  [/ENCOD(ING|ER)|TOOL|SDKVERSION|SOFTWARE|APPLICATION/, 'software'],
  [/MAKE|MODEL|DEVICE|CAMERA/, 'device'],
  [/TIME|DATE|YEAR/, 'time'],
  [/COMMENT|DESCRIPTION|SUBTITLE|LYRICS|KEYWORDS/, 'comment'],
  [/IDENTIFIER|GUID|UFID|ISRC|MCDI|ID$/, 'identifier'],
];

export function isTechnical(name: string): boolean {
  return TECHNICAL.has(name.toLowerCase());
}

export function nameCategory(name: string): FindingCategory {
  const upper = name.toUpperCase();
  return PATTERNS.find(([pattern]) => pattern.test(upper))?.[1] ?? 'other';
}
