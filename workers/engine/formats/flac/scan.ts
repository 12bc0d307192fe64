/**
 * What a FLAC stream holds and what its cleaned form keeps: STREAMINFO, SEEKTABLE and CUESHEET
 * (a player needs them) stay; VORBIS_COMMENT, PICTURE, APPLICATION, PADDING and unknown blocks go.
 * The comment block is dropped whole rather than left with an empty vendor string: RFC 9639 makes
 * every block but STREAMINFO optional, and an absent block says nothing about the encoder.
 */
import type { ByteSource } from '../../byte-source';
import { decodeLatin1 } from '../../bytes';
import { EngineError } from '../../errors';
import { finding, type Finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import { OutputBuilder, type OutputPlan } from '../../output-plan';
import { findTailTags } from '../../metadata/audio-tags/tail';
import type { TagRegion } from '../../metadata/audio-tags/tag-region';
import {
  parseVorbisComments,
  vorbisCommentFindings,
} from '../../metadata/vorbis-comment';
import {
  BLOCK,
  FLAC_MAGIC,
  blockHeader,
  readFlacBlocks,
  type FlacBlock,
} from './blocks';
import { PICTURE_PREFIX_BYTES, pictureImage, pictureSummary } from './picture';
import type { NestedEngine } from '../../format-module';
import { pictureContents } from '../../shared/picture-contents';

const KEPT_BLOCKS: ReadonlySet<number> = new Set([
  BLOCK.streamInfo,
  BLOCK.seekTable,
  BLOCK.cueSheet,
]);
const APPLICATION_ID_BYTES = 4;
const CATALOG_NUMBER_BYTES = 128;

export interface FlacScan {
  readonly kept: FlacBlock[];
  readonly dropped: FlacBlock[];
  readonly audioStart: number;
  readonly tail: TagRegion[];
}

export async function scanFlac(
  src: ByteSource,
  start: number,
  signal?: AbortSignal,
): Promise<FlacScan> {
  const { blocks, audioStart } = await readFlacBlocks(src, start, signal);
  return {
    kept: blocks.filter((b) => KEPT_BLOCKS.has(b.type)),
    dropped: blocks.filter((b) => !KEPT_BLOCKS.has(b.type)),
    audioStart,
    tail: await findTailTags(src, audioStart),
  };
}

export async function flacFindings(
  src: ByteSource,
  scan: FlacScan,
  nested: NestedEngine,
): Promise<Finding[]> {
  const found: Finding[] = [];
  for (const block of scan.dropped)
    for (const item of await blockFindings(src, block, nested))
      found.push(item);
  for (const block of scan.kept.filter((b) => b.type === BLOCK.cueSheet))
    for (const item of await cueSheetFindings(src, block)) found.push(item);
  return [...found, ...scan.tail.flatMap((t) => t.findings)];
}

/** The disc's media catalog number (RFC 9639 8.7) stays with the cue sheet a player needs. */
async function cueSheetFindings(
  src: ByteSource,
  block: FlacBlock,
): Promise<Finding[]> {
  const length = Math.min(block.size, CATALOG_NUMBER_BYTES);
  const mcn = decodeLatin1(await src.readExact(block.dataOffset, length));
  const location = `FLAC block at ${block.offset}`;
  return mcn
    ? [finding('media.playback', 'CUESHEET', location, mcn, 'playback')]
    : [];
}

async function blockFindings(
  src: ByteSource,
  block: FlacBlock,
  nested: NestedEngine,
): Promise<Finding[]> {
  const location = `FLAC block at ${block.offset}`;
  if (block.type === BLOCK.padding) return [];
  if (block.type === BLOCK.vorbisComment) {
    if (block.size > MAX_METADATA_BYTES)
      throw new EngineError('too-large', location);
    const bytes = await src.readExact(block.dataOffset, block.size);
    return vorbisCommentFindings(parseVorbisComments(bytes), 'VORBIS_COMMENT');
  }
  if (block.type === BLOCK.picture) {
    const prefix = await src.readExact(
      block.dataOffset,
      Math.min(block.size, PICTURE_PREFIX_BYTES),
    );
    return [
      finding('thumbnail.image', 'PICTURE', location, pictureSummary(prefix)),
      ...(await heldByPicture(src, block, location, nested)),
    ];
  }
  if (block.type === BLOCK.application) {
    const id = await src.readExact(
      block.dataOffset,
      Math.min(block.size, APPLICATION_ID_BYTES),
    );
    return [
      finding(
        'other.data',
        'APPLICATION',
        location,
        decodeLatin1(id) || undefined,
      ),
    ];
  }
  return [finding('other.data', `block type ${block.type}`, location)];
}

/**
 * What the picture of a PICTURE block held (its photo's GPS position, camera, author), as findings
 * of the picture, which goes whole with its block; a block past the metadata limit is not read.
 */
async function heldByPicture(
  src: ByteSource,
  block: FlacBlock,
  location: string,
  nested: NestedEngine,
): Promise<Finding[]> {
  if (block.size > MAX_METADATA_BYTES) return [];
  const picture = pictureImage(
    await src.readExact(block.dataOffset, block.size),
  );
  if (!picture) return [];
  const name = picture.description
    ? `PICTURE "${picture.description}"`
    : 'PICTURE';
  return pictureContents(nested, picture.image, location, name);
}

/** `fLaC`, the kept blocks with the last-block flag moved to the final one, then the frames. */
export function flacPlan(
  start: number,
  scan: FlacScan,
  size: number,
): OutputPlan {
  const out = new OutputBuilder().copy(start, start + FLAC_MAGIC.length);
  scan.kept.forEach((block, index) => {
    const last = index === scan.kept.length - 1;
    out
      .push(blockHeader(block.type, block.size, last))
      .copy(block.dataOffset, block.dataOffset + block.size);
  });
  const audioEnd = scan.tail.at(-1)?.start ?? size;
  return out.copy(scan.audioStart, audioEnd).build();
}
