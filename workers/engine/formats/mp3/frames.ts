/**
 * Every frame between the leading and the trailing tags, header by header: an ID3v2 tag between
 * two frames (files joined end to end, a tagger that wrote in the middle), bytes that are no
 * frame (another tool's tag, garbage) and a last frame cut short are found and left out, so
 * nothing in the audio range is copied unread. A decoder skips what is not a frame, so leaving it
 * out changes no sample it could decode.
 */
import type { ByteSource } from '../../byte-source';
import { corrupt, isEngineError, throwIfAborted } from '../../errors';
import { finding, type Finding } from '../../findings';
import type { ByteRange } from '../../engine-types';
import { MAX_METADATA_BYTES } from '../../limits';
import { WindowedReader } from '../../windowed-reader';
import {
  ID3_HEADER_BYTES,
  id3Findings,
  id3Header,
  type Id3Header,
} from '../../metadata/audio-tags/id3v2';
import { readTag } from '../../metadata/audio-tags/tag-region';
import {
  FRAME_HEADER_BYTES,
  frameHeader,
  type FrameHeader,
} from './frame-header';

/** Large reads: the walk visits every frame header of the file once, in order. */
const WALK_WINDOW_BYTES = 1024 * 1024;
/** How often the walk checks for cancellation (frames are ~400 bytes: about every 1.6 MB). */
const FRAMES_PER_SIGNAL_CHECK = 4096;
/** Findings for bytes that are no frame: one per run, at most this many runs reported. */
const MAX_REPORTED_RUNS = 16;
const STRAY_LABEL = 'not a whole frame';
/** A frame header starts with eleven set bits: its first byte is all ones. */
const FRAME_SYNC_BYTE = 0xff;
/** The longest run of bytes that are no frame the walk looks through for the next frame. */
const MAX_GAP_BYTES = MAX_METADATA_BYTES;

export interface FrameWalk {
  /** The frames, as few ranges as the gaps allow. */
  readonly frames: ByteRange[];
  readonly findings: Finding[];
}

interface Gap {
  readonly end: number;
  readonly findings: Finding[];
}

/**
 * Walks [start, end), which starts with a frame (scanHead found two there). `known`: runs of
 * frames already proven (verify-after-clean: the input's walk, as its output copies it), each
 * stepped over whole instead of walked again.
 */
export async function walkFrames(
  src: ByteSource,
  start: number,
  end: number,
  signal?: AbortSignal,
  known: readonly ByteRange[] = [],
): Promise<FrameWalk> {
  const provenEnd = new Map(known.map((r) => [r.start, r.end]));
  const reader = new WindowedReader(src, WALK_WINDOW_BYTES);
  const frames: ByteRange[] = [];
  const findings: Finding[] = [];
  let runStart = start;
  let at = start;
  let strayRuns = 0;
  for (let count = 0; at < end; count++) {
    if (count % FRAMES_PER_SIGNAL_CHECK === 0) throwIfAborted(signal);
    const proven = provenEnd.get(at);
    if (proven !== undefined && proven > at && proven <= end) {
      at = proven;
      continue;
    }
    const frame =
      headerInWindow(reader, at, end) ?? (await headerAt(reader, at, end));
    // A frame cut short by the end of the audio is no proof of a frame (a header's four bytes
    // before anything at all): it goes with what follows it, which no decoder could play whole.
    if (frame && at + frame.bytes <= end) {
      at += frame.bytes;
      continue;
    }
    if (at > runStart) frames.push({ start: runStart, end: at });
    const gap = await gapAt(
      src,
      reader,
      at,
      end,
      strayRuns < MAX_REPORTED_RUNS,
    );
    if (gap.findings.some((f) => f.label === STRAY_LABEL)) strayRuns++;
    findings.push(...gap.findings);
    at = runStart = gap.end;
  }
  if (at > runStart) frames.push({ start: runStart, end: at });
  return { frames, findings };
}

/** The frame header at `at` when the window holds its bytes (the walk's synchronous path). */
function headerInWindow(
  reader: WindowedReader,
  at: number,
  end: number,
): FrameHeader | null {
  if (at + FRAME_HEADER_BYTES > end) return null;
  const bytes = reader.cached(at, FRAME_HEADER_BYTES);
  return bytes && bytes.length === FRAME_HEADER_BYTES
    ? frameHeader(bytes, 0)
    : null;
}

async function headerAt(
  reader: WindowedReader,
  at: number,
  end: number,
): Promise<FrameHeader | null> {
  if (at + FRAME_HEADER_BYTES > end) return null;
  // The window's bytes when it holds them: no promise per frame on the walk's hot path.
  const bytes =
    reader.cached(at, FRAME_HEADER_BYTES) ??
    (await reader.read(at, FRAME_HEADER_BYTES));
  return frameHeader(bytes, 0);
}

/** What lies at `at`, where no frame starts: an ID3v2 tag, or bytes up to the next frame pair. */
async function gapAt(
  src: ByteSource,
  reader: WindowedReader,
  at: number,
  end: number,
  report: boolean,
): Promise<Gap> {
  const location = `audio frames, at ${at}`;
  const header = id3HeaderOrNull(await reader.read(at, ID3_HEADER_BYTES));
  if (header && at + header.totalBytes <= end) {
    const tagEnd = at + header.totalBytes;
    return {
      end: tagEnd,
      findings: id3Findings(await readTag(src, at, tagEnd), location),
    };
  }
  const next = await nextFramePair(reader, at + 1, end);
  const findings = report
    ? [finding('other.data', STRAY_LABEL, location, `${next - at} bytes`)]
    : [];
  return { end: next, findings };
}

/** An ID3v2 header, or null where `ID3` begins bytes that are no tag (a size not synchsafe). */
function id3HeaderOrNull(b: Uint8Array): Id3Header | null {
  try {
    return id3Header(b);
  } catch (e) {
    if (isEngineError(e)) return null;
    throw e;
  }
}

/**
 * The first offset in [from, end) where a valid frame header is followed by another valid one or
 * ends exactly at the end of the audio (the sync rule scanHead uses); `end` when there is none. A
 * header whose frame would run past the end is no proof of a frame: what follows it is dropped.
 */
async function nextFramePair(
  reader: WindowedReader,
  from: number,
  end: number,
): Promise<number> {
  for (let at = from; at + FRAME_HEADER_BYTES <= end; at++) {
    // Bounded work: garbage this long between frames is no MP3 we can vouch for.
    if (at - from > MAX_GAP_BYTES)
      throw corrupt(`no MPEG audio frame in ${at - from} bytes after ${from}`);
    const byte = reader.cachedByte(at);
    if (byte !== FRAME_SYNC_BYTE && byte !== -1) continue;
    const frame = await headerAt(reader, at, end);
    if (!frame) continue;
    const next = at + frame.bytes;
    if (next === end) return at;
    const following = await headerAt(reader, next, end);
    if (following && following.mpeg1 === frame.mpeg1) return at;
  }
  return end;
}
