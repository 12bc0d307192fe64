/** One pass over a PNG: what each chunk is, what the report says about it, what the output does. */
import type { ByteSource } from '../../byte-source';
import { decodeLatin1, u16be, u32be, u8 } from '../../bytes';
import { EngineError, throwIfAborted } from '../../errors';
import { finding, keptFinding, type Finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import { C2PA_PNG_CHUNK, c2paFinding } from '../../metadata/c2pa';
import { readPngLayout, type PngChunk } from './chunks';
import {
  appliedOrientation,
  exifChunkFindings,
  orientationOnlyChunk,
} from './exif-chunk';
import { InflateBudget } from '../../shared/inflate';
import { chunkRole } from './rules';
import { textChunkFindings } from './text-findings';
import { cleanIccChunk } from './icc-chunk';

export type ChunkAction =
  | { readonly kind: 'keep' }
  | { readonly kind: 'drop' }
  | { readonly kind: 'replace'; readonly bytes: Uint8Array };

export interface ChunkDecision {
  readonly chunk: PngChunk;
  readonly action: ChunkAction;
  readonly findings: readonly Finding[];
}

export interface PngAnalysis {
  readonly decisions: readonly ChunkDecision[];
  readonly imageEnd: number;
  readonly trailing: readonly Finding[];
}

const KEEP = { kind: 'keep' } as const;
const DROP = { kind: 'drop' } as const;
const CRC_BYTES = 4;
const ICC_NAME_MAX = 80;
const ABORT_CHECK_EVERY = 256;

async function chunkData(
  src: ByteSource,
  chunk: PngChunk,
): Promise<Uint8Array> {
  return src.readExact(chunk.dataOffset, chunk.length);
}

/** PNG specification 11.3.6.6: year (2), month, day, hour, minute, second, in UTC. */
function timeValue(data: Uint8Array): string | undefined {
  if (data.length < 7) return undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${u16be(data, 0)}-${pad(u8(data, 2))}-${pad(u8(data, 3))}`;
  return `${date}T${pad(u8(data, 4))}:${pad(u8(data, 5))}:${pad(u8(data, 6))}Z`;
}

async function keptFindings(
  src: ByteSource,
  chunk: PngChunk,
): Promise<Finding[]> {
  const { type } = chunk;
  if (type === 'iCCP') {
    const head = await src.read(
      chunk.dataOffset,
      Math.min(chunk.length, ICC_NAME_MAX),
    );
    const name = decodeLatin1(head.subarray(0, Math.max(0, head.indexOf(0))));
    return [
      finding(
        'image.color-profile',
        'ICC profile',
        type,
        name,
        'color-profile',
      ),
    ];
  }
  if (type === 'sRGB' || type === 'cICP')
    return [keptFinding('image.color-profile', type, type, 'color-profile')];
  if (type === 'acTL' && chunk.length >= 8) {
    const frames = u32be(await chunkData(src, chunk), 0);
    return [
      finding('media.playback', 'acTL', type, `${frames} frames`, 'playback'),
    ];
  }
  return [];
}

async function decide(
  src: ByteSource,
  chunk: PngChunk,
  budget: InflateBudget,
): Promise<ChunkDecision> {
  const role = chunkRole(chunk.type);
  const { type } = chunk;
  if (role === 'unknown-critical')
    throw new EngineError('unsupported', `unknown critical PNG chunk ${type}`);
  if (type === 'iCCP') {
    if (chunk.length > MAX_METADATA_BYTES)
      throw new EngineError('too-large', 'iCCP chunk too large to check');
    const icc = cleanIccChunk(await chunkData(src, chunk));
    const kept = await keptFindings(src, chunk);
    return {
      chunk,
      action: icc.bytes ? { kind: 'replace', bytes: icc.bytes } : KEEP,
      findings: [...kept, ...icc.findings],
    };
  }
  if (role === 'keep')
    return { chunk, action: KEEP, findings: await keptFindings(src, chunk) };
  if (type === C2PA_PNG_CHUNK && chunk.length <= MAX_METADATA_BYTES) {
    const findings = [c2paFinding(await chunkData(src, chunk), type)];
    return { chunk, action: DROP, findings };
  }
  if (role === 'other-metadata' || chunk.length > MAX_METADATA_BYTES)
    return {
      chunk,
      action: DROP,
      findings: [finding('other.private', type, type)],
    };
  const data = await chunkData(src, chunk);
  if (role === 'time') {
    const findings = [finding('time.modified', 'tIME', type, timeValue(data))];
    return { chunk, action: DROP, findings };
  }
  if (role === 'text')
    return {
      chunk,
      action: DROP,
      findings: textChunkFindings(type, data, budget),
    };
  const crc = u32be(await src.readExact(chunk.end - CRC_BYTES, CRC_BYTES), 0);
  const orientation = appliedOrientation(data, crc);
  const action = orientation
    ? { kind: 'replace' as const, bytes: orientationOnlyChunk(orientation) }
    : DROP;
  return { chunk, action, findings: exifChunkFindings(data) };
}

export async function analyzePng(
  src: ByteSource,
  signal?: AbortSignal,
): Promise<PngAnalysis> {
  const layout = await readPngLayout(src, signal);
  const decisions: ChunkDecision[] = [];
  const budget = new InflateBudget();
  for (const chunk of layout.chunks) {
    if (decisions.length % ABORT_CHECK_EVERY === 0) throwIfAborted(signal);
    decisions.push(await decide(src, chunk, budget));
  }
  const extra = src.size - layout.imageEnd;
  const trailing =
    extra > 0
      ? [
          finding(
            'other.data',
            'data after IEND',
            'end of file',
            `${extra} bytes`,
          ),
        ]
      : [];
  return { decisions, imageEnd: layout.imageEnd, trailing };
}
