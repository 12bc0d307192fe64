/**
 * A TrackEntry keeps only the children the Matroska schema names there (RFC 9559 5.1.4.1 and its
 * Video, Audio, TrackOperation, TrackTranslate, BlockAdditionMapping and ContentEncodings
 * masters; the deprecated ones of Annex A too, since old files still carry them and players read
 * some, as ffmpeg reads FrameRate when DefaultDuration is missing). Any other child (a tool's
 * private element, with whatever it wrote) is voided and reported, as in Segment Info; so are the
 * named ones that hold a person's or a tool's words and no decoder reads: Name, CodecName and the
 * deprecated CodecSettings, CodecInfoURL and CodecDownloadURL. A Void in any of them that holds
 * anything is zero-filled (void-contents.ts).
 */
import type { FieldId } from '../../fields';
import { finding } from '../../findings';
import type { EbmlCursor } from './cursor';
import type { Element } from './ebml';
import { leafText, unknownElementLabel } from './fields';
import * as ID from './ids';
import { ANY_MASTER } from './keep-walk';
import { noteCrc, type Analysis } from './targets';
import { emptyVoid } from './void-contents';

interface Removed {
  readonly label: string;
  readonly field: FieldId;
}

/** Named children that go, with how the report names them; their text is shown. */
const REMOVED: ReadonlyMap<number, Removed> = new Map([
  [ID.TRACK_NAME, { label: 'Name', field: 'content.title' }],
  [ID.CODEC_NAME, { label: 'CodecName', field: 'software.encoder' }],
  [ID.CODEC_SETTINGS, { label: 'CodecSettings', field: 'software.encoder' }],
  [ID.CODEC_INFO_URL, { label: 'CodecInfoURL', field: 'software.encoder' }],
  [
    ID.CODEC_DOWNLOAD_URL,
    { label: 'CodecDownloadURL', field: 'software.encoder' },
  ],
]);

/** The leaves of Video's Colour and MasteringMetadata: ids 0x55B1 to 0x55BD, 0x55D1 to 0x55DA. */
const idRange = (first: number, last: number): number[] =>
  Array.from({ length: last - first + 1 }, (_, i) => first + i);

/** Each master of a TrackEntry and the children it may hold (ebml_matroska.xml, RFC 9559 5.1.4). */
const CHILDREN: ReadonlyMap<number, ReadonlySet<number>> = new Map(
  (
    [
      [
        ID.TRACK_ENTRY,
        [
          ID.TRACK_NUMBER,
          ID.TRACK_UID,
          ID.TRACK_TYPE,
          ID.FLAG_ENABLED,
          ID.FLAG_DEFAULT,
          ID.FLAG_FORCED,
          ID.FLAG_HEARING_IMPAIRED,
          ID.FLAG_VISUAL_IMPAIRED,
          ID.FLAG_TEXT_DESCRIPTIONS,
          ID.FLAG_ORIGINAL,
          ID.FLAG_COMMENTARY,
          ID.FLAG_LACING,
          ID.MIN_CACHE,
          ID.MAX_CACHE,
          ID.DEFAULT_DURATION,
          ID.DEFAULT_DECODED_FIELD_DURATION,
          ID.TRACK_TIMESTAMP_SCALE,
          ID.TRACK_OFFSET,
          ID.MAX_BLOCK_ADDITION_ID,
          ID.BLOCK_ADDITION_MAPPING,
          ID.LANGUAGE,
          ID.LANGUAGE_BCP47,
          ID.CODEC_ID,
          ID.CODEC_PRIVATE,
          ID.ATTACHMENT_LINK,
          ID.CODEC_DECODE_ALL,
          ID.TRACK_OVERLAY,
          ID.CODEC_DELAY,
          ID.SEEK_PRE_ROLL,
          ID.TRACK_TRANSLATE,
          ID.VIDEO,
          ID.AUDIO,
          ID.TRACK_OPERATION,
          ID.TRICK_TRACK_UID,
          ID.TRICK_TRACK_SEGMENT_UID,
          ID.TRICK_TRACK_FLAG,
          ID.TRICK_MASTER_TRACK_UID,
          ID.TRICK_MASTER_TRACK_SEGMENT_UID,
          ID.CONTENT_ENCODINGS,
        ],
      ],
      [
        ID.BLOCK_ADDITION_MAPPING,
        [
          ID.BLOCK_ADD_ID_VALUE,
          ID.BLOCK_ADD_ID_NAME,
          ID.BLOCK_ADD_ID_TYPE,
          ID.BLOCK_ADD_ID_EXTRA_DATA,
        ],
      ],
      [
        ID.TRACK_TRANSLATE,
        [
          ID.TRACK_TRANSLATE_TRACK_ID,
          ID.TRACK_TRANSLATE_CODEC,
          ID.TRACK_TRANSLATE_EDITION_UID,
        ],
      ],
      [
        ID.VIDEO,
        [
          0x9a, // FlagInterlaced
          0x9d, // FieldOrder
          0x53b8, // StereoMode
          0x53c0, // AlphaMode
          0x53b9, // OldStereoMode
          0xb0, // PixelWidth
          0xba, // PixelHeight
          0x54aa, // PixelCropBottom
          0x54bb, // PixelCropTop
          0x54cc, // PixelCropLeft
          0x54dd, // PixelCropRight
          0x54b0, // DisplayWidth
          0x54ba, // DisplayHeight
          0x54b2, // DisplayUnit
          0x54b3, // AspectRatioType
          0x2eb524, // UncompressedFourCC
          0x2fb523, // GammaValue
          0x2383e3, // FrameRate
          ID.COLOUR,
          ID.PROJECTION,
        ],
      ],
      [ID.COLOUR, [...idRange(0x55b1, 0x55bd), ID.MASTERING_METADATA]],
      [ID.MASTERING_METADATA, idRange(0x55d1, 0x55da)],
      // ProjectionType, ProjectionPrivate, ProjectionPoseYaw, Pitch and Roll
      [ID.PROJECTION, idRange(0x7671, 0x7675)],
      [
        ID.AUDIO,
        [
          0xb5, // SamplingFrequency
          0x78b5, // OutputSamplingFrequency
          0x9f, // Channels
          0x7d7b, // ChannelPositions
          0x6264, // BitDepth
          0x52f1, // Emphasis
        ],
      ],
      [ID.TRACK_OPERATION, [ID.TRACK_COMBINE_PLANES, ID.TRACK_JOIN_BLOCKS]],
      [ID.TRACK_COMBINE_PLANES, [ID.TRACK_PLANE]],
      [ID.TRACK_PLANE, [0xe5, 0xe6]], // TrackPlaneUID, TrackPlaneType
      [ID.TRACK_JOIN_BLOCKS, [0xed]], // TrackJoinUID
      [ID.CONTENT_ENCODINGS, [ID.CONTENT_ENCODING]],
      [
        ID.CONTENT_ENCODING,
        [
          0x5031, // ContentEncodingOrder
          0x5032, // ContentEncodingScope
          0x5033, // ContentEncodingType
          ID.CONTENT_COMPRESSION,
          ID.CONTENT_ENCRYPTION,
        ],
      ],
      [ID.CONTENT_COMPRESSION, [0x4254, 0x4255]], // ContentCompAlgo, ContentCompSettings
      [
        ID.CONTENT_ENCRYPTION,
        [
          0x47e1, // ContentEncAlgo
          0x47e2, // ContentEncKeyID
          ID.CONTENT_ENC_AES_SETTINGS,
          0x47e3, // ContentSignature
          0x47e4, // ContentSigKeyID
          0x47e5, // ContentSigAlgo
          0x47e6, // ContentSigHashAlgo
        ],
      ],
      [ID.CONTENT_ENC_AES_SETTINGS, [0x47e8]], // AESSettingsCipherMode
    ] as const
  ).map(([master, children]) => [
    master,
    new Set<number>([...children, ...ANY_MASTER]),
  ]),
);

/** A TrackEntry (at depth 2) walked: what it may not hold voided; its own children returned. */
export async function scanTrackEntry(
  cursor: EbmlCursor,
  entry: Element,
  location: string,
  into: Analysis,
): Promise<Element[]> {
  const children = await cursor.children(entry, 3);
  await scanChildren(cursor, entry, children, 3, location, into);
  return children;
}

/** The children (at `depth`) of `master`, voided or walked in turn; true when one was voided. */
async function scanChildren(
  cursor: EbmlCursor,
  master: Element,
  children: readonly Element[],
  depth: number,
  location: string,
  into: Analysis,
): Promise<boolean> {
  const allowed = CHILDREN.get(master.id)!;
  let changed = false;
  for (const child of children) {
    const removed = REMOVED.get(child.id);
    if (removed || !allowed.has(child.id)) {
      const value = removed ? await leafText(cursor, child) : undefined;
      const label = removed?.label ?? unknownElementLabel(child.id);
      const field = removed?.field ?? 'other.data';
      into.targets.push({
        element: child,
        findings: [finding(field, label, location, value)],
      });
      changed = true;
    } else if (await emptyVoid(cursor, child, location, into)) {
      changed = true;
    } else if (CHILDREN.has(child.id)) {
      const inner = await cursor.children(child, depth + 1);
      changed =
        (await scanChildren(cursor, child, inner, depth + 1, location, into)) ||
        changed;
    }
  }
  noteCrc(into, master, children, depth - 1, changed);
  return changed;
}
