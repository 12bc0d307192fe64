import { ByteSource, type ByteReader } from '../../byte-source';
import { relocated, removable, type Finding } from '../../findings';
import { itemKindOf } from '../../format-catalog';
import type { AnalysisContext, ByteRange, Sniffed } from '../../format-module';
import { MAX_DECOMPRESSED_BYTES } from '../../limits';
import {
  madeBytes,
  planAccess,
  planBytes,
  planParts,
  planSize,
  segmentSize,
  type OutputPlan,
} from '../../output-plan';
import { Inflate, inflateSync } from 'fflate';
import { u32be, u32le } from '../../bytes';
import { corrupt } from '../../errors';
import { crc32 } from '../crc32';
import { crc32Combine, crc32OfTail } from '../crc32-combine';
import { hostCodecs } from '../host-codecs';
import { BTYPE_STORED } from '../deflate/block-walk';
import { copiedContentMember } from './content';
import {
  readMember,
  readMemberAndStream,
  type MemberAndStream,
} from './member';
import { streamEnd } from '../deflate/stream-end';
import { splicedMember, type Spliced } from './spliced';
import { METHOD_STORED } from './format';
import type { ZipEntry } from './read';
import { markContent, type KnownContent } from '../../known-content';
import { knownAfterClean, markProven } from '../../opaque-ranges';
import { bytesAccess } from '../../random-access';
import type { HeldBytes, WholeMember } from './whole';
import {
  copiedMember,
  deferredMember,
  storedPlanMember,
  type OutMember,
} from './write';

/** Bytes of a member's start enough to tell a file of its own by its signature. */
const HEAD_BYTES = 1024;
/** Compressed bytes fed at a time while inflating a member's start. */
const HEAD_CHUNK = 4096;
/** A deflated member's start is looked for in at most this many compressed bytes. */
const MAX_HEAD_INPUT = 64 * 1024;
/** The most bytes the host may make of a member's first chunk before `headOf` asks fflate. */
const HOST_HEAD_MAX = 64 * 1024;
/** The most bytes one deflate symbol makes (RFC 1951 3.2.5: a length of 258). */
const MAX_MATCH = 258;

const bytesOf = (text: string) => [...text].map((c) => c.charCodeAt(0));
/**
 * Signatures of files the engine cleans, read at the start of a member whatever its name or
 * declared type: photos and drawings, sound and video, documents, and legacy Office's compound
 * file (which the engine cleans, or refuses naming the part), and Windows metafiles. Weak
 * signatures (an MP3 frame sync, a bare `BM`) are used only with what makes them strong (a
 * second frame header, a DIB header's size): random bytes could take their bare shape.
 */
const SIGNATURES: readonly (
  readonly number[] | { at: number; bytes: readonly number[] }
)[] = [
  [0xff, 0xd8, 0xff],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  bytesOf('GIF8'),
  [0x49, 0x49, 0x2a, 0x00],
  [0x4d, 0x4d, 0x00, 0x2a],
  bytesOf('RIFF'),
  bytesOf('FORM'),
  { at: 4, bytes: bytesOf('ftyp') },
  [0x1a, 0x45, 0xdf, 0xa3],
  bytesOf('OggS'),
  bytesOf('fLaC'),
  bytesOf('ID3'),
  [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11],
  bytesOf('FLV\x01'),
  bytesOf('%PDF-'),
  [0x50, 0x4b, 0x03, 0x04],
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  // JPEG 2000: a JP2 signature box, a bare codestream's SOC and SIZ markers.
  [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a],
  [0xff, 0x4f, 0xff, 0x51],
  // Windows metafiles: an EMF's header record signature, a WMF's placeable key or META_HEADER.
  { at: 40, bytes: bytesOf(' EMF') },
  [0xd7, 0xcd, 0xc6, 0x9a],
  [0x01, 0x00, 0x09, 0x00, 0x00, 0x03],
  [0x02, 0x00, 0x09, 0x00, 0x00, 0x03],
  [0x01, 0x00, 0x09, 0x00, 0x00, 0x01],
  [0x02, 0x00, 0x09, 0x00, 0x00, 0x01],
];
/** An SVG drawing: XML whose root is `svg`, in any namespace spelling. */
const SVG_ROOT =
  /^(?:\uFEFF)?\s*(?:<\?[^>]*\?>\s*|<!--[^]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<(?:[\w.-]+:)?svg[\s>/]/;

/** A BMP: `BM`, then a DIB header of a size some Windows or OS/2 version wrote. */
const BMP_MAGIC = bytesOf('BM');
const BMP_DIB_SIZE_AT = 14;
const BMP_DIB_SIZES: ReadonlySet<number> = new Set([
  12, 16, 40, 52, 56, 64, 108, 124,
]);
const bmp = (head: Uint8Array): boolean =>
  head.length >= BMP_DIB_SIZE_AT + 4 &&
  BMP_MAGIC.every((b, i) => head[i] === b) &&
  BMP_DIB_SIZES.has(u32le(head, BMP_DIB_SIZE_AT));

/**
 * MPEG audio without an ID3 tag (a cleaned MP3 starts so): a frame header (ISO/IEC 11172-3
 * 2.4.1.3: sync, a version, layer, bitrate and sample rate none of which is reserved) whose
 * version, layer and sample rate come again in a later header, as every frame of a stream has
 * them: a lone sync-like word in random bytes does not pass.
 */
const MPEG_SYNC = 0xffe00000;
/** Sync, version, layer, and the sample rate's bits. */
const MPEG_STREAM_MASK = 0xfffe0c00;
function mpegHeader(head: Uint8Array, at: number): boolean {
  const word = u32be(head, at);
  if ((word & MPEG_SYNC) >>> 0 !== MPEG_SYNC) return false;
  const version = (word >>> 19) & 3;
  const layer = (word >>> 17) & 3;
  const bitrate = (word >>> 12) & 15;
  const rate = (word >>> 10) & 3;
  return (
    version !== 1 &&
    layer !== 0 &&
    bitrate !== 0 &&
    bitrate !== 15 &&
    rate !== 3
  );
}
function mpegAudio(head: Uint8Array): boolean {
  if (head.length < 8 || !mpegHeader(head, 0)) return false;
  const stream = (u32be(head, 0) & MPEG_STREAM_MASK) >>> 0;
  for (let at = 4; at + 4 <= head.length; at++)
    if (
      (u32be(head, at) & MPEG_STREAM_MASK) >>> 0 === stream &&
      mpegHeader(head, at)
    )
      return true;
  return false;
}

function matches(head: Uint8Array): boolean {
  if (bmp(head) || mpegAudio(head)) return true;
  for (const sig of SIGNATURES) {
    const [at, bytes] = Array.isArray(sig)
      ? [0, sig as readonly number[]]
      : [
          (sig as { at: number }).at,
          (sig as { bytes: readonly number[] }).bytes,
        ];
    if (bytes.every((b, i) => head[at + i] === b)) return true;
  }
  return SVG_ROOT.test(new TextDecoder().decode(head));
}

/** Where `headOfOneChunk` inflates: it is synchronous, so one buffer serves every call. */
const headScratch = new Uint8Array(HEAD_BYTES);

/**
 * `headOf` of a member whose compressed bytes are one chunk, or null to let `headOf` decide (and
 * meet any error). The streaming inflater given one final chunk decodes it as fflate's
 * `inflateSync` does, with the same errors, but allocates some 160 KB for it, which tens of
 * thousands of small photos pay in garbage collection; into a buffer of our own, `inflateSync`
 * allocates nothing and drops what comes past the head, except a stored block, which throws there.
 */
async function headOfOneChunk(
  src: ByteReader,
  entry: ZipEntry,
  wanted: number,
): Promise<Uint8Array | null> {
  try {
    const raw = await src.readExact(entry.dataStart, entry.compressedSize);
    return inflateSync(raw, { out: headScratch }).slice(0, wanted);
  } catch {
    return null;
  }
}

/**
 * `headOf` of a member longer than one chunk, made by the host's inflate (Node's zlib) from the
 * first chunk, or null to let the streaming inflater answer. The streaming inflater allocates some
 * 160 KB and builds its tables in JavaScript for each member: 3 to 5 ms for each photo of a
 * document. The answers agree: both decoders make a block's bytes symbol by symbol as far as the
 * chunk's bits go, so when the host made `wanted` bytes and one symbol's more in the first block,
 * so does the streaming inflater; the host checked the whole chunk, refusing every stream the
 * streaming inflater refuses (and more: those go to it). A first block stored goes to it too: it
 * reads a stored block only once the whole block has come, the host as it comes, and so does a
 * head that runs past the first block, where a stored block could follow.
 */
function headByHost(raw: Uint8Array, wanted: number): Uint8Array | null {
  const { inflateRawFirstBlock } = hostCodecs();
  if (!inflateRawFirstBlock || ((raw[0]! >> 1) & 3) === BTYPE_STORED)
    return null;
  const made = inflateRawFirstBlock(raw, HOST_HEAD_MAX);
  return made && made.length >= wanted + MAX_MATCH
    ? made.slice(0, wanted)
    : null;
}

/** The first bytes of a member's content, inflating no more than needed. */
export async function headOf(
  src: ByteReader,
  entry: ZipEntry,
): Promise<Uint8Array> {
  const wanted = Math.min(HEAD_BYTES, entry.uncompressedSize);
  if (entry.method === METHOD_STORED)
    return src.readExact(entry.dataStart, wanted);
  if (entry.compressedSize > 0 && entry.compressedSize <= HEAD_CHUNK) {
    const head = await headOfOneChunk(src, entry, wanted);
    if (head) return head;
  } else if (
    entry.compressedSize > HEAD_CHUNK &&
    hostCodecs().inflateRawFirstBlock
  ) {
    const first = await src.readExact(entry.dataStart, HEAD_CHUNK);
    const head = headByHost(first, wanted);
    if (head) return head;
  }
  const head = new Uint8Array(wanted);
  let filled = 0;
  const inflater = new Inflate((chunk) => {
    const take = Math.min(chunk.length, wanted - filled);
    head.set(chunk.subarray(0, take), filled);
    filled += take;
  });
  const limit = Math.min(entry.compressedSize, MAX_HEAD_INPUT);
  try {
    for (let at = 0; at < limit && filled < wanted; at += HEAD_CHUNK) {
      const end = Math.min(limit, at + HEAD_CHUNK);
      inflater.push(
        await src.readExact(entry.dataStart + at, end - at),
        end === entry.compressedSize,
      );
    }
  } catch {
    throw corrupt(`zip member ${entry.name} does not inflate`);
  }
  return head.subarray(0, filled);
}

/** True when the member's bytes start like a file the engine cleans, whatever its name. */
export async function looksNested(
  src: ByteSource,
  entry: ZipEntry,
): Promise<boolean> {
  return entry.uncompressedSize > 0 && matches(await headOf(src, entry));
}

/** `looksNested` for a member already read whole. */
export const bytesLookNested = (bytes: Uint8Array): boolean =>
  bytes.length > 0 && matches(bytes.subarray(0, HEAD_BYTES));

export interface NestedMember {
  readonly findings: readonly Finding[];
  readonly member: OutMember;
  /**
   * A stored member's image data, where it lies in the archive (see `Analysis.nestedOpaque`); or a
   * spliced member's own compressed bytes that it copies: their content is image data the clean
   * proved, and compressed bytes show no signature for the residue scan to read.
   */
  readonly opaque?: readonly ByteRange[];
}

/**
 * Cleans a member that is a file of its own with the engine. A large stored member is cleaned where
 * it lies (only its metadata is read; the rest is copied as input ranges); any other is inflated
 * and cleaned. A member with nothing to remove is copied unchanged. A small member the caller
 * read `whole` is not read again. The cleaned bytes are held while the package's allowance
 * (`held`) lasts, so the member is inflated once per clean (the clean, verify-after-clean and the
 * write share them); past it, they are made again from the input when read or written. A large
 * deflated member whose clean changed only its first bytes is written spliced (spliced.ts: a new
 * start, then its own compressed bytes copied from the input), held or not; any other is stored
 * (its content is already compressed: deflating it again would cost time and gain nothing).
 */
export async function cleanNestedMember(
  src: ByteSource,
  entry: ZipEntry,
  ctx: AnalysisContext,
  members: {
    readonly whole?: WholeMember;
    readonly held: HeldBytes;
    /** The member already read and inflated (read ahead), when the caller has it. */
    readonly read?: () => Promise<MemberAndStream>;
  },
): Promise<NestedMember> {
  const { whole, held } = members;
  const located = (found: { format: Sniffed; findings: readonly Finding[] }) =>
    relocated(found.findings, entry.name, {
      name: entry.name,
      kind: itemKindOf(found.format.id),
    });
  if (entry.method === METHOD_STORED && !whole) {
    const end = entry.dataStart + entry.compressedSize;
    const result = await ctx.nested.cleanSlice(src, entry.dataStart, end);
    const findings = located(result);
    const only = result.plan[0];
    const unchanged =
      result.plan.length === 1 &&
      only?.kind === 'copy' &&
      only.start === entry.dataStart &&
      only.end === end;
    return {
      findings,
      member: unchanged
        ? copiedMember(entry)
        : await storedPlanMember(entry.name, src, result.plan),
      ...(result.opaque && { opaque: result.opaque }),
    };
  }
  // A large deflated member's stream is kept to be spliced; any other is dropped once inflated.
  const read = whole
    ? null
    : await (members.read?.() ??
        readMemberAndStream(src, entry, MAX_DECOMPRESSED_BYTES));
  const bytes = whole?.bytes ?? read!.bytes;
  const result = await ctx.nested.cleanPlanned(bytes);
  const findings = located(result);
  if (!findings.some(removable))
    return {
      findings,
      member: await copiedContentMember(
        src,
        entry,
        whole ?? read ?? undefined,
        read?.streamEndsAtSize,
      ),
    };
  const { plan } = result;
  // Held as views, the cleaned member keeps its whole inflated content alive, and the new bytes.
  const newBytes = plan.reduce(
    (n, s) => n + (s.kind === 'copy' ? 0 : segmentSize(s)),
    0,
  );
  if (held.take(bytes.length + newBytes)) {
    const content = await heldContent(
      { bytes, crc: entry.crc32 },
      plan,
      result.proven,
    );
    // A deflated one whose clean changed only its first bytes is written spliced from its own
    // stream (most of it a range of the input, not new bytes), the held content its proof.
    const spliced = await splicedFrom(entry, read, bytes, plan);
    if (
      spliced &&
      spliced.member.crc32 === content.crc32 &&
      spliced.member.uncompressedSize === content.size
    ) {
      markContent(spliced.head, content);
      return { findings, member: spliced.member, opaque: [spliced.tail] };
    }
    return { findings, member: storedMember(entry.name, content) };
  }
  // Past the allowance, a spliced member holds nothing either, and neither verify nor the write
  // inflates and cleans it again (verify inflates the member written once, as any deflated one).
  const spliced = await splicedFrom(entry, read, bytes, plan);
  if (spliced)
    return { findings, member: spliced.member, opaque: [spliced.tail] };
  // The cleaned file is not kept: the output makes it again from the member's compressed bytes
  // when it is read or written, so a document of many photos never holds them all.
  return {
    findings,
    member: deferredMember(
      entry.name,
      await planCrc32({ bytes, crc: entry.crc32 }, plan),
      planSize(plan),
      {
        make: async () =>
          planBytes(
            await readMember(src, entry, MAX_DECOMPRESSED_BYTES, false),
            plan,
          ),
        ...(result.proven && { proven: result.proven }),
      },
    ),
  };
}

/**
 * The member spliced (spliced.ts) when it is deflated, read with its stream, its clean changed
 * only its first bytes, and its stream proven to end exactly at its compressed size: by the
 * inflate that read it where the host's tells, else by a walk of its blocks, so every host
 * writes the same bytes.
 */
async function splicedFrom(
  entry: ZipEntry,
  read: MemberAndStream | null,
  content: Uint8Array,
  plan: OutputPlan,
): Promise<Spliced | null> {
  if (!read || entry.method === METHOD_STORED) return null;
  const spliced = await splicedMember(entry, read.raw, content, plan);
  return spliced &&
    (read.streamEndsAtSize ??
      streamEnd(read.raw, entry.uncompressedSize) === 'exact')
    ? spliced
    : null;
}

/** A member's content, and its CRC-32 as the member's read checked it. */
interface CheckedContent {
  readonly bytes: Uint8Array;
  readonly crc: number;
}

/**
 * Where a plan over `content` copies the content's tail, from its last segment's start to the
 * content's end, when that tail is at least half the content: its CRC-32 then follows from the
 * content's, checked when it was read, and the CRC-32 of the bytes before it (crc32-combine.ts),
 * so the photo's image data is not read again for it.
 */
function tailCopyStart(plan: OutputPlan, size: number): number | null {
  const last = plan.at(-1);
  return last?.kind === 'copy' && last.end === size && last.start <= size / 2
    ? last.start
    : null;
}

/** The CRC-32 of `part`, continuing `crc`: a part that is the content's tail from `tailFrom` by arithmetic. */
function continueCrc(
  crc: number,
  part: Uint8Array,
  content: CheckedContent,
  tailFrom: number | null,
): number {
  if (tailFrom === null) return crc32(part, crc);
  const tailCrc = crc32OfTail(
    content.crc,
    crc32(content.bytes.subarray(0, tailFrom)),
    part.length,
  );
  return crc32Combine(crc, tailCrc, part.length);
}

/**
 * A cleaned member's content held as views of its inflated content and the plan's new bytes:
 * nothing is assembled or copied. The views of the content that hold image data proven by the
 * nested clean (`proven`, in the cleaned file's offsets) are marked so.
 */
async function heldContent(
  content: CheckedContent,
  plan: OutputPlan,
  proven: readonly ByteRange[] | undefined,
): Promise<KnownContent> {
  const parts: Uint8Array[] = [];
  const tailFrom = tailCopyStart(plan, content.bytes.length);
  let crc = 0;
  let at = 0;
  for (const [i, s] of plan.entries()) {
    const part =
      s.kind === 'copy'
        ? content.bytes.subarray(s.start, s.end)
        : s.kind === 'bytes'
          ? s.data
          : await madeBytes(s);
    const end = at + part.length;
    if (s.kind === 'copy' && proven) {
      const inPart = proven
        .filter((r) => r.end > at && r.start < end)
        .map((r) => ({
          start: Math.max(r.start, at) - at,
          end: Math.min(r.end, end) - at,
        }));
      if (inPart.length) markProven(part, inPart);
    }
    crc = continueCrc(
      crc,
      part,
      content,
      i === plan.length - 1 ? tailFrom : null,
    );
    if (part.length) parts.push(part);
    at = end;
  }
  return { parts, size: at, crc32: crc };
}

/** A member stored with its held content: nothing is copied before the output is written. */
const storedMember = (name: string, content: KnownContent): OutMember => ({
  name,
  method: METHOD_STORED,
  crc32: content.crc32,
  uncompressedSize: content.size,
  data: content.parts.map((data) => ({ kind: 'bytes', data })),
});

/**
 * Verify-after-clean of a member written with content the clean holds (`knownContent`): that
 * content is cleaned again as a file of its own, its proven image data not scanned again, and the
 * written stream is not inflated. Null when the member is not the one the content was made for,
 * or when something removable is found: the caller then reads the member as any other, and its
 * findings say the same.
 */
export async function verifiedKnownMember(
  entry: ZipEntry,
  ctx: AnalysisContext,
  content: KnownContent,
): Promise<NestedMember | null> {
  if (
    entry.method === METHOD_STORED ||
    entry.uncompressedSize !== content.size ||
    entry.crc32 !== content.crc32
  )
    return null;
  const plan: OutputPlan = content.parts.map((data) => ({
    kind: 'bytes',
    data,
  }));
  const src = new ByteSource(planAccess(bytesAccess(NO_BYTES), plan));
  const result = await ctx.nested.cleanSlice(
    src,
    0,
    src.size,
    knownAfterClean(plan, undefined, undefined) ?? [],
  );
  const findings = relocated(result.findings, entry.name, {
    name: entry.name,
    kind: itemKindOf(result.format.id),
  });
  return findings.some(removable)
    ? null
    : { findings, member: copiedMember(entry) };
}

const NO_BYTES = new Uint8Array(0);

/** The CRC-32 of what a plan over `content` describes, without assembling it. */
async function planCrc32(
  content: CheckedContent,
  plan: OutputPlan,
): Promise<number> {
  const tailFrom = tailCopyStart(plan, content.bytes.length);
  let crc = 0;
  let i = 0;
  for await (const part of planParts(content.bytes, plan))
    crc = continueCrc(
      crc,
      part,
      content,
      i++ === plan.length - 1 ? tailFrom : null,
    );
  return crc;
}
