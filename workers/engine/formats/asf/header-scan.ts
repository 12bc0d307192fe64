/** Finds what to blank in the ASF Header Object and lists what it held. */
import { corrupt, EngineError } from '../../errors';
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';
import type { Patch } from '../../shared/in-place';
import * as G from './guids';
import {
  objectHeader,
  objectsIn,
  OBJECT_HEADER_BYTES,
  type AsfObject,
} from './objects';
import {
  contentDescription,
  extendedDescriptors,
  metadataRecords,
  type AsfField,
} from './records';
import { isTechnical, nameField } from './names';
import { fileProperties, type AsfAnalysis } from './file-properties';
import { locationFinding } from '../../metadata/iso6709';

/** Header Object: GUID, size, object count (4), two reserved bytes (ASF specification 3.1). */
export const HEADER_OBJECT_BYTES = 30;
/** Header Extension: header, reserved GUID, reserved (2), data size (4) (ASF specification 3.4). */
const HEADER_EXTENSION_DATA_AT = OBJECT_HEADER_BYTES + 16 + 2 + 4;
const RECORD_COUNT_BYTES = 2;

const CONTENT_FIELDS: Readonly<Record<string, FieldId>> = {
  Title: 'content.title',
  Author: 'author.name',
  Copyright: 'author.copyright',
  Description: 'content.description',
  Rating: 'content.detail',
};

/** A Padding Object (ASF specification 3.18) of exactly the object's length. */
function padding(object: AsfObject): Patch {
  const data = new Uint8Array(object.end - object.offset);
  data.set(objectHeader(G.guidBytes(G.PADDING), data.length));
  return { offset: object.offset, data };
}

function fieldFindings(
  fields: AsfField[],
  location: string,
  fieldOf: (name: string) => FieldId,
): Finding[] {
  return fields.map((f) =>
    locationFinding(fieldOf(f.name), f.name, location, f.value),
  );
}

/** Lists and blanks what the Header Object held in `header` (read from file offset 0) carries. */
export function scanHeader(header: Uint8Array, into: AsfAnalysis): void {
  scanObjects(header, HEADER_OBJECT_BYTES, header.length, false, into);
}

/**
 * The objects in [start, end) of `header`. Metadata objects belong in the Header Extension and
 * descriptions in the Header Object, but a reader such as exiftool takes either anywhere, so both
 * places are cleaned the same way. Nesting stops there: a Header Object or Header Extension
 * inside another is no ASF file and fails as corrupt, so no input chooses the walk's depth.
 */
function scanObjects(
  header: Uint8Array,
  start: number,
  end: number,
  inExtension: boolean,
  into: AsfAnalysis,
): void {
  for (const object of objectsIn(header, start, end)) {
    const bytes = header.subarray(object.offset, object.end);
    switch (object.guid) {
      case G.HEADER:
        throw corrupt('ASF Header Object inside the Header Object');
      case G.CONTENT_ENCRYPTION:
      case G.EXTENDED_CONTENT_ENCRYPTION:
        throw new EngineError('encrypted', 'ASF content encryption object');
      case G.FILE_PROPERTIES:
        fileProperties(bytes, object.offset, into);
        break;
      case G.CONTENT_DESCRIPTION:
        blank(
          object,
          fieldFindings(
            contentDescription(bytes),
            'Content Description',
            (n) => CONTENT_FIELDS[n] ?? 'other.data',
          ),
          into,
        );
        break;
      case G.EXTENDED_CONTENT_DESCRIPTION:
        blank(
          object,
          fieldFindings(
            extendedDescriptors(bytes),
            'Extended Content Description',
            nameField,
          ),
          into,
        );
        break;
      case G.CONTENT_BRANDING:
        blank(
          object,
          [finding('thumbnail.image', 'Content Branding', 'Header')],
          into,
        );
        break;
      case G.DIGITAL_SIGNATURE:
        blank(
          object,
          [finding('identifier.unique', 'Digital Signature', 'Header')],
          into,
        );
        break;
      case G.HEADER_EXTENSION:
        if (inExtension)
          throw corrupt('ASF Header Extension inside a Header Extension');
        scanObjects(
          header,
          object.offset + HEADER_EXTENSION_DATA_AT,
          object.end,
          true,
          into,
        );
        break;
      case G.METADATA:
      case G.METADATA_LIBRARY:
        scanMetadata(
          bytes,
          object,
          object.guid === G.METADATA ? 'Metadata' : 'Metadata Library',
          into,
        );
        break;
    }
  }
}

function blank(
  object: AsfObject,
  findings: Finding[],
  into: AsfAnalysis,
): void {
  for (const item of findings) into.findings.push(item);
  into.patches.push(padding(object));
}

/**
 * Keeps the technical records (aspect ratio, VBR) in a shorter object of the same type and turns
 * the rest of its bytes into a Padding Object; both stay inside the Header Extension's data.
 */
function scanMetadata(
  bytes: Uint8Array,
  object: AsfObject,
  location: string,
  into: AsfAnalysis,
): void {
  const records = metadataRecords(bytes);
  const kept = records.filter((r) => isTechnical(r.name));
  into.findings.push(
    ...kept.map((r) =>
      finding('media.playback', r.name, location, r.value, 'playback'),
    ),
  );
  const removed = records.filter((r) => !isTechnical(r.name));
  if (removed.length === 0) return;
  for (const item of fieldFindings(removed, location, nameField))
    into.findings.push(item);
  const keptLength = kept.reduce((n, r) => n + r.end - r.start, 0);
  const shortLength = OBJECT_HEADER_BYTES + RECORD_COUNT_BYTES + keptLength;
  const rest = bytes.length - shortLength;
  if (kept.length === 0 || rest < OBJECT_HEADER_BYTES) {
    into.patches.push(padding(object));
    return;
  }
  const data = new Uint8Array(bytes.length);
  data.set(bytes.subarray(0, OBJECT_HEADER_BYTES));
  data.set(objectHeader(bytes.subarray(0, G.GUID_BYTES), shortLength));
  new DataView(data.buffer).setUint16(OBJECT_HEADER_BYTES, kept.length, true);
  let at = OBJECT_HEADER_BYTES + RECORD_COUNT_BYTES;
  for (const record of kept) {
    data.set(bytes.subarray(record.start, record.end), at);
    at += record.end - record.start;
  }
  data.set(objectHeader(G.guidBytes(G.PADDING), rest), shortLength);
  into.patches.push({ offset: object.offset, data });
}
