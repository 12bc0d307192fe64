/** What each GIF block is, what the report says about it, and whether the output keeps it. */
import type { ByteSource } from '../../byte-source';
import type { EngineContext } from '../../format-module';
import { concatBytes, decodeLatin1, decodeText } from '../../bytes';
import { EngineError } from '../../errors';
import { finding, keptFinding, type Finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import { firstSubBlock, readGifLayout, type GifBlock } from './blocks';
import { WindowedReader } from '../../windowed-reader';
import { xmpExtensionFindings } from './xmp';
import { scrubGifIcc } from './icc';

const GRAPHIC_CONTROL = 0xf9;
const PLAIN_TEXT = 0x01;
/** Text grid position and size, cell size and colours: the first sub-block (GIF89a section 25). */
const PLAIN_TEXT_HEADER_BYTES = 12;
const COMMENT = 0xfe;
const APPLICATION = 0xff;
/** GIF89a specification 26: 8-byte identifier plus 3-byte authentication code. */
const APPLICATION_ID_BYTES = 11;
/** Looping extensions browsers read (Netscape 2.0, and AnimExts which some tools write). */
const LOOP_IDS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);
/** ICC profile carried in a GIF (ICC.1 annex, written by Photoshop and ImageMagick). */
const ICC_ID = 'ICCRGBG1012';
const XMP_ID = 'XMP DataXMP';
const COMMENT_REPORT_BYTES = 4096;

export interface GifDecision {
  readonly block: GifBlock;
  readonly keep: boolean;
  readonly findings: readonly Finding[];
  /** The kept block's bytes rewritten at the same size, written instead of the input's. */
  readonly bytes?: Uint8Array;
}

export interface GifAnalysis {
  readonly screenEnd: number;
  readonly decisions: readonly GifDecision[];
  readonly imageEnd: number;
  readonly trailing: readonly Finding[];
}

/** The data sub-blocks' bytes joined, up to `cap`. */
async function subBlockData(
  reader: WindowedReader,
  dataStart: number,
  cap: number,
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for (let at = dataStart; total < cap;) {
    const size = await reader.byte(at);
    if (size === 0) break;
    parts.push(await reader.readExact(at + 1, size));
    total += size;
    at += 1 + size;
  }
  return concatBytes(parts);
}

/** `subBlockData` from the window alone; null when the window ends first. */
function cachedSubBlockData(
  reader: WindowedReader,
  dataStart: number,
  cap: number,
): Uint8Array | null {
  const parts: Uint8Array[] = [];
  let total = 0;
  for (let at = dataStart; total < cap;) {
    const size = reader.cachedByte(at);
    if (size < 0) return null;
    if (size === 0) break;
    const part = reader.cached(at + 1, size);
    if (part?.length !== size) return null;
    parts.push(part);
    total += size;
    at += 1 + size;
  }
  return concatBytes(parts);
}

function commentDecision(block: GifBlock, text: Uint8Array): GifDecision {
  const found = finding(
    'content.comment',
    'Comment',
    'comment extension',
    decodeText(text),
  );
  return { block, keep: false, findings: [found] };
}

/**
 * A plain text extension is text the GIF89a specification (section 25) draws over the picture:
 * part of what the file shows, so it stays, reported for review with its words (after the
 * extension's 12-byte grid and colour header).
 */
function plainTextDecision(block: GifBlock, data: Uint8Array): GifDecision {
  const found = finding(
    'content.detail',
    'PlainText',
    'plain text extension',
    decodeText(data.subarray(PLAIN_TEXT_HEADER_BYTES)),
    'review',
  );
  return { block, keep: true, findings: [found] };
}

/**
 * The decision for a block the window holds, without awaiting (images, frame timing, comments):
 * null for the rare blocks that need a read (application extensions) or when the window ends.
 */
function cachedDecision(
  reader: WindowedReader,
  block: GifBlock,
): GifDecision | null {
  if (block.kind === 'image' || block.label === GRAPHIC_CONTROL)
    return { block, keep: true, findings: [] };
  if (block.label === PLAIN_TEXT) {
    const data = cachedSubBlockData(
      reader,
      block.dataStart,
      COMMENT_REPORT_BYTES,
    );
    return data && plainTextDecision(block, data);
  }
  if (block.label !== COMMENT) return null;
  const text = cachedSubBlockData(
    reader,
    block.dataStart,
    COMMENT_REPORT_BYTES,
  );
  return text && commentDecision(block, text);
}

async function applicationDecision(
  reader: WindowedReader,
  block: GifBlock & { kind: 'extension' },
): Promise<GifDecision> {
  const head = await firstSubBlock(reader, block.dataStart);
  const id = decodeLatin1(head.subarray(0, APPLICATION_ID_BYTES));
  const where = `application extension ${id}`;
  if (LOOP_IDS.has(id)) {
    const kept = keptFinding('media.playback', id, where, 'playback');
    return { block, keep: true, findings: [kept] };
  }
  if (id === ICC_ID) {
    const kept = keptFinding(
      'image.color-profile',
      'ICC profile',
      where,
      'color-profile',
    );
    if (block.end - block.start > MAX_METADATA_BYTES)
      throw new EngineError('too-large', 'GIF colour profile too large');
    const scrubbed = scrubGifIcc(
      await reader.readExact(block.start, block.end - block.start),
      block.dataStart - block.start,
      where,
    );
    return {
      block,
      keep: true,
      findings: [kept, ...scrubbed.findings],
      ...(scrubbed.bytes ? { bytes: scrubbed.bytes } : {}),
    };
  }
  if (id === XMP_ID && block.end - block.start <= MAX_METADATA_BYTES) {
    const raw = await reader.readExact(
      block.dataStart,
      block.end - block.dataStart,
    );
    return { block, keep: false, findings: xmpExtensionFindings(raw, where) };
  }
  return {
    block,
    keep: false,
    findings: [finding('other.data', id || 'application data', where)],
  };
}

async function decide(
  reader: WindowedReader,
  block: GifBlock,
): Promise<GifDecision> {
  if (block.kind === 'image') return { block, keep: true, findings: [] };
  if (block.label === GRAPHIC_CONTROL)
    return { block, keep: true, findings: [] };
  if (block.label === PLAIN_TEXT)
    return plainTextDecision(
      block,
      await subBlockData(reader, block.dataStart, COMMENT_REPORT_BYTES),
    );
  if (block.label === APPLICATION) return applicationDecision(reader, block);
  if (block.label === COMMENT) {
    const text = await subBlockData(
      reader,
      block.dataStart,
      COMMENT_REPORT_BYTES,
    );
    return commentDecision(block, text);
  }
  const label = `extension 0x${block.label.toString(16)}`;
  return {
    block,
    keep: false,
    findings: [finding('other.data', label, label)],
  };
}

export async function analyzeGif(
  src: ByteSource,
  ctx: EngineContext,
): Promise<GifAnalysis> {
  const reader = new WindowedReader(src);
  const layout = await readGifLayout(reader, ctx);
  const decisions: GifDecision[] = [];
  for (const block of layout.blocks)
    decisions.push(
      cachedDecision(reader, block) ?? (await decide(reader, block)),
    );
  const extra = src.size - layout.imageEnd;
  const trailing =
    extra > 0
      ? [
          finding(
            'other.data',
            'data after trailer',
            'end of file',
            `${extra} bytes`,
          ),
        ]
      : [];
  return {
    screenEnd: layout.screenEnd,
    decisions,
    imageEnd: layout.imageEnd,
    trailing,
  };
}
