/**
 * What a finding describes, for the report: the field id its producer set (`gps.speed`,
 * `author.name`), whose words and value form come from the engine's one table (`FIELDS`). A
 * finding from a producer not yet migrated is placed by its raw name, once, here.
 */
import {
  FIELDS,
  type FieldId,
  type FieldInfo,
  type Finding,
  type FindingCategory,
} from '../../../workers/engine/index';

export type { FieldId } from '../../../workers/engine/index';

/** The field's own name without a namespace or vendor prefix: `xmp:CreateDate` -> `CreateDate`. */
function bareName(label: string): string {
  const colon = label.lastIndexOf(':');
  const dot = label.lastIndexOf('.');
  return label.slice(Math.max(colon, dot) + 1);
}

type Rule = readonly [RegExp, FieldId];

/**
 * Findings without a field id (producers still being migrated): per category, the first rule
 * whose pattern matches the field's bare name wins.
 */
const LEGACY_RULES: Readonly<Record<FindingCategory, readonly Rule[]>> = {
  location: [
    [
      /^(GPSPosition|GPSLatitude|GPSLongitude|©xyz|ISO6709|loci)$/i,
      'gps.position',
    ],
    [/city|country|state|sublocation|location/i, 'place.name'],
    [/altitude/i, 'gps.altitude'],
  ],
  time: [
    [/^GPS(DateTime|DateStamp|TimeStamp)$/i, 'time.gps'],
    [/^OffsetTime/i, 'time.zone'],
    [/^SubSec/i, 'time.detail'],
    [/original|digitized|recorded/i, 'time.taken'],
    [/^create|creat|^©day$|^day$|origination/i, 'time.created'],
    [/print/i, 'time.printed'],
    [/modif|^DateTime$|^tIME$|metadatadate|saved/i, 'time.modified'],
    [/total.?time|editing.?time/i, 'history.edit-time'],
  ],
  device: [
    [/^(Make|©mak|manufacturer)$/i, 'device.make'],
    [/lens/i, 'device.lens'],
    [/^(Model|©mod|UniqueCameraModel)$/i, 'device.model'],
    [/make$/i, 'device.make'],
    [/model$/i, 'device.model'],
    [/^ExposureTime$/i, 'device.exposure'],
    [/^FNumber$/i, 'device.aperture'],
    [/^(ISO|ISOSpeedRatings|PhotographicSensitivity)$/i, 'device.iso'],
    [/^FocalLength$/i, 'device.focal-length'],
    [/makernote/i, 'device.maker-notes'],
    [/^(HostComputer|device|computer)$/i, 'device.name'],
  ],
  author: [
    [/copyright|rights|cprt|©cpy/i, 'author.copyright'],
    [/lastModifiedBy|last.?author|last.?saved/i, 'author.last-editor'],
    [/company|manager|organi[sz]ation|publisher/i, 'author.organization'],
    [/position|title/i, 'author.job-title'],
    [/e-?mail|phone|address|contact/i, 'author.contact'],
  ],
  software: [
    [/producer/i, 'software.producer'],
    [/encod|lavf|muxing|writing|compressor|vendor|hdlr/i, 'software.encoder'],
    [/template/i, 'software.template'],
    [
      /^(Application|CreatorTool|Creator|Software|generator)$/i,
      'software.creator',
    ],
  ],
  history: [
    [/^C2PA$/, 'history.credentials'],
    [/revision|version/i, 'history.revision'],
  ],
  comment: [
    [/title|©nam|TIT2/i, 'content.title'],
    [/keyword/i, 'content.keywords'],
    [/description|©des|desc|caption|abstract|subject/i, 'content.description'],
    [/language|category|status|rating/i, 'content.detail'],
  ],
  identifier: [[/serial/i, 'identifier.serial']],
  thumbnail: [],
  other: [
    [
      /pages|words|characters|lines|paragraphs|slides|notes|count/i,
      'other.statistics',
    ],
  ],
};

/** What a category's fields are when no rule names them more precisely. */
const LEGACY_CATEGORY_FIELD: Readonly<Record<FindingCategory, FieldId>> = {
  location: 'gps.detail',
  time: 'time.date',
  device: 'device.setting',
  author: 'author.name',
  software: 'software.creator',
  history: 'history.changes',
  comment: 'content.comment',
  identifier: 'identifier.unique',
  thumbnail: 'thumbnail.image',
  other: 'other.data',
};

function legacyField(finding: Finding): FieldId {
  const name = bareName(finding.label);
  const rule = LEGACY_RULES[finding.category].find(([pattern]) =>
    pattern.test(name),
  );
  return rule?.[1] ?? LEGACY_CATEGORY_FIELD[finding.category];
}

/** The field a finding describes: its producer's id, else one placed by its raw name. */
export function fieldOf(finding: Finding): FieldId {
  return finding.field ?? legacyField(finding);
}

export function infoOf(field: FieldId): FieldInfo {
  return FIELDS[field];
}
