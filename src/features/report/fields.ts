/**
 * Friendly names for the engine's findings. The engine reports each field under its own name in
 * its format (`DateTimeOriginal`, `©day`, `xmp:CreateDate`, `creation_time`); the report shows
 * what the field means to a person ("Taken on"), and keeps the raw name for the technical details.
 */
import type { Finding, FindingCategory } from '../../../workers/engine/index';

/** What a field means, whatever format it came from; each has a message `report.field.<id>`. */
export type FieldId =
  | 'place'
  | 'altitude'
  | 'direction'
  | 'speed'
  | 'gps-detail'
  | 'taken'
  | 'modified'
  | 'gps-time'
  | 'time-zone'
  | 'date'
  | 'make'
  | 'model'
  | 'lens'
  | 'serial'
  | 'exposure'
  | 'aperture'
  | 'iso'
  | 'focal-length'
  | 'maker-notes'
  | 'camera-setting'
  | 'device'
  | 'author'
  | 'copyright'
  | 'editing-app'
  | 'encoder'
  | 'unique-id'
  | 'content-credentials'
  | 'history'
  | 'title'
  | 'description'
  | 'comment'
  | 'keywords'
  | 'thumbnail'
  | 'other';

/** The engine's label for C2PA manifests (workers/engine/metadata/c2pa.ts). */
export const C2PA_LABEL = 'C2PA';

/** The field's own name without a namespace or vendor prefix: `xmp:CreateDate` -> `CreateDate`. */
function bareName(label: string): string {
  const colon = label.lastIndexOf(':');
  const dot = label.lastIndexOf('.');
  return label.slice(Math.max(colon, dot) + 1);
}

type Rule = readonly [RegExp, FieldId];

/** Per category, the first rule whose pattern matches the field's bare name wins. */
const RULES: Readonly<Record<FindingCategory, readonly Rule[]>> = {
  location: [
    [/^(GPSPosition|GPSLatitude|GPSLongitude|©xyz|ISO6709|loci)$/i, 'place'],
    [/location|position/i, 'place'],
    [/altitude/i, 'altitude'],
    [/direction|bearing|track/i, 'direction'],
    [/speed/i, 'speed'],
  ],
  time: [
    [/^GPS(DateTime|DateStamp|TimeStamp)$/i, 'gps-time'],
    [/^OffsetTime/i, 'time-zone'],
    [/^SubSec/i, 'date'],
    [
      /original|^create|creat|^©day$|^day$|digitized|origination|recorded/i,
      'taken',
    ],
    [/modif|^DateTime$|^tIME$|metadatadate/i, 'modified'],
  ],
  device: [
    [/^(Make|©mak|manufacturer)$/i, 'make'],
    [/lens/i, 'lens'],
    [/serial/i, 'serial'],
    [/^(Model|©mod|HostComputer|UniqueCameraModel)$/i, 'model'],
    [/make$/i, 'make'],
    [/model$/i, 'model'],
    [/^(ExposureTime)$/i, 'exposure'],
    [/^(FNumber)$/i, 'aperture'],
    [/^(ISO|ISOSpeedRatings|PhotographicSensitivity)$/i, 'iso'],
    [/^FocalLength$/i, 'focal-length'],
    [/makernote/i, 'maker-notes'],
    [
      /exposure|aperture|shutter|flash|metering|focal|white|scene|gain|contrast|saturation|sharpness|brightness|light|subject|sensing|zoom|rendered|source|iso/i,
      'camera-setting',
    ],
  ],
  author: [[/copyright|rights|cprt|©cpy/i, 'copyright']],
  software: [[/encod|lavf|muxing|writing|compressor|vendor|hdlr/i, 'encoder']],
  history: [[new RegExp(`^${C2PA_LABEL}$`), 'content-credentials']],
  comment: [
    [/title|©nam|TIT2|subject/i, 'title'],
    [/keyword/i, 'keywords'],
    [/description|©des|desc|caption|abstract/i, 'description'],
  ],
  identifier: [],
  thumbnail: [],
  other: [],
};

/** What a category's fields are called when no rule names them more precisely. */
const CATEGORY_FIELD: Readonly<Record<FindingCategory, FieldId>> = {
  location: 'gps-detail',
  time: 'date',
  device: 'device',
  author: 'author',
  software: 'editing-app',
  history: 'history',
  comment: 'comment',
  identifier: 'unique-id',
  thumbnail: 'thumbnail',
  other: 'other',
};

/** The field a finding is about, for its friendly label and the way its value is written. */
export function fieldOf(finding: Finding): FieldId {
  const name = bareName(finding.label);
  const rule = RULES[finding.category].find(([pattern]) => pattern.test(name));
  return rule?.[1] ?? CATEGORY_FIELD[finding.category];
}
