/**
 * An MP3 file's layout: ID3v2 tags at the start, the first of two consecutive valid MPEG audio
 * frames, and the tags appended at the end. Everything outside [audioStart, audioEnd) goes; what
 * lies between the frames inside it is for `frames.ts`.
 */
import type { ByteSource } from '../../byte-source';
import { EngineError, corrupt, throwIfAborted } from '../../errors';
import { ascii, startsWith } from '../../bytes';
import { FRAME_HEADER_BYTES, frameHeader } from './frame-header';
import {
  ID3_HEADER_BYTES,
  id3Findings,
  id3Header,
} from '../../metadata/audio-tags/id3v2';
import { readTag, type TagRegion } from '../../metadata/audio-tags/tag-region';

/** How far past the leading tags the first frame is looked for (encoders leave zero padding). */
const SYNC_WINDOW = 64 * 1024;
const MAX_HEAD_TAGS = 16;
const LOCATION = 'start of file';
/** The FLAC stream marker (RFC 9639 section 8): some taggers put an ID3v2 tag before it. */
const FLAC_MAGIC = ascii('fLaC');

export interface Mp3Scan {
  readonly head: TagRegion[];
  readonly audioStart: number;
  /** A FLAC stream behind the ID3v2 tags (some taggers prepend one). */
  readonly flac: boolean;
}

export async function scanHead(
  src: ByteSource,
  signal?: AbortSignal,
): Promise<Mp3Scan> {
  const head: TagRegion[] = [];
  let at = 0;
  for (;;) {
    throwIfAborted(signal);
    const header = id3Header(await src.read(at, ID3_HEADER_BYTES));
    if (!header) break;
    if (head.length >= MAX_HEAD_TAGS) throw corrupt('too many ID3v2 tags');
    const end = at + header.totalBytes;
    if (end > src.size) throw corrupt(`ID3v2 tag at ${at} runs past the file`);
    head.push({
      start: at,
      end,
      findings: id3Findings(await readTag(src, at, end), LOCATION),
    });
    at = end;
  }
  if (startsWith(await src.read(at, FRAME_HEADER_BYTES), FLAC_MAGIC))
    return { head, audioStart: at, flac: true };
  return { head, audioStart: await firstFrame(src, at), flac: false };
}

/** The first offset from `from` where a valid frame header is followed by another one. */
async function firstFrame(src: ByteSource, from: number): Promise<number> {
  const window = await src.read(from, SYNC_WINDOW);
  for (let i = window.indexOf(0xff); i >= 0; i = window.indexOf(0xff, i + 1)) {
    const frame = frameHeader(window, i);
    if (!frame) continue;
    const nextAt = i + frame.bytes;
    const next =
      nextAt + FRAME_HEADER_BYTES <= window.length
        ? frameHeader(window, nextAt)
        : frameHeader(await src.read(from + nextAt, FRAME_HEADER_BYTES), 0);
    if (next && next.mpeg1 === frame.mpeg1) return from + i;
  }
  throw new EngineError(
    'unsupported',
    `no MPEG audio frames after offset ${from}`,
  );
}
