/**
 * Tracks whose samples are metadata, not picture or sound: they are zeroed in mdat. Timed metadata
 * (handler `meta`, 14496-12 12.3) carries GPS and sensor data per frame in action cameras, phones
 * and drones; such a track is also disabled. QuickTime timecode (`tmcd`) is set by cameras to the
 * time of day of the recording; zeroed, it runs from 00:00:00:00 and stays enabled.
 */
import type { FieldId } from '../../fields';

export interface SampleMetadata {
  readonly field: FieldId;
  readonly description: string;
  readonly disable: boolean;
}

const telemetry = (description: string): SampleMetadata => ({
  field: 'gps.detail',
  description,
  disable: true,
});

/** By sample entry type. */
const KNOWN_ENTRIES: Readonly<Record<string, SampleMetadata>> = {
  gpmd: telemetry('GoPro GPMF telemetry'),
  camm: telemetry('Android camera motion metadata'),
  mebx: telemetry('Apple timed metadata'),
  djmd: telemetry('DJI flight and camera telemetry'),
  dbgi: telemetry('DJI debug telemetry'),
  rtmd: telemetry('Sony real-time metadata'),
  tmcd: {
    field: 'time.recording-start',
    description: 'timecode track',
    disable: false,
  },
};
const TIMED_METADATA_HANDLER = 'meta';
const CAMM_HANDLER = 'camm';
const UNKNOWN_TIMED_METADATA: SampleMetadata = {
  field: 'other.data',
  description: 'timed metadata',
  disable: true,
};
/**
 * Handlers whose samples are picture, sound, text or what a player needs to play them (14496-12
 * 12.1 to 12.6 and 8.4.3, QuickTime's `text`, `sbtl`, `clcp` and `tmcd`, 14496-1's `odsm` and
 * `sdsm`). A track of any other handler holds samples no rule knows: they are emptied like
 * telemetry, so nothing in mdat is copied unread because its track says it is something else.
 */
const MEDIA_HANDLERS = new Set([
  'vide',
  'soun',
  'auxv',
  'pict',
  'hint',
  'text',
  'subt',
  'sbtl',
  'clcp',
  'subp',
  'tmcd',
  'odsm',
  'sdsm',
]);
const UNKNOWN_SAMPLES: SampleMetadata = {
  field: 'other.data',
  description: 'samples of an unknown kind',
  disable: true,
};

/** What kind of metadata track this is, or null for picture, sound, text and what players need. */
export function sampleMetadataKind(
  handler: string,
  entryType: string,
): SampleMetadata | null {
  if (handler === CAMM_HANDLER) return KNOWN_ENTRIES.camm!;
  const known = KNOWN_ENTRIES[entryType];
  if (known) return known;
  if (handler === TIMED_METADATA_HANDLER) return UNKNOWN_TIMED_METADATA;
  return MEDIA_HANDLERS.has(handler) ? null : UNKNOWN_SAMPLES;
}
