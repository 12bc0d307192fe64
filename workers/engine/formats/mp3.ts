import type { ByteSource } from '../byte-source';
import type { Finding } from '../findings';
import { corrupt } from '../errors';
import type { Analysis, AnalysisContext, FormatModule } from '../format-module';
import { OutputBuilder } from '../output-plan';
import { gaplessFindings } from './mp3/gapless';
import { scanHead } from './mp3/scan';
import { walkFrames } from './mp3/frames';
import { mp3Sniffer } from './mp3/sniff';
import { tagPictureFindings } from './mp3/pictures';
import { findTailTags } from '../metadata/audio-tags/tail';

/** More than the largest MPEG audio frame (layer II, 160 kbit/s at 8 kHz: 2881 bytes). */
const MAX_FRAME_BYTES = 4 * 1024;

async function analyzeMp3(
  src: ByteSource,
  ctx: AnalysisContext,
): Promise<Analysis> {
  const scan = await scanHead(src, ctx.signal);
  const head: Finding[] = [
    ...scan.head.flatMap((t) => t.findings),
    ...(await tagPictureFindings(src, scan.head, ctx.nested)),
  ];
  if (scan.flac) {
    // The stream after the tags is a FLAC file of its own: the FLAC module analyses it.
    const inner = await ctx.nested.analyzeRange(src, scan.audioStart);
    if (inner.format.id !== 'flac')
      throw corrupt(`no FLAC stream at ${scan.audioStart}`);
    return {
      findings: [...head, ...inner.analysis.findings],
      plan: () => inner.analysis.plan(),
    };
  }
  const firstFrame = await src.read(scan.audioStart, MAX_FRAME_BYTES);
  const tail = await findTailTags(src, scan.audioStart);
  const audioEnd = tail.at(-1)?.start ?? src.size;
  const walk = await walkFrames(
    src,
    scan.audioStart,
    audioEnd,
    ctx.signal,
    ctx.knownOpaque,
  );
  return {
    findings: [
      ...head,
      ...gaplessFindings(firstFrame, `first frame at ${scan.audioStart}`),
      ...walk.findings,
      ...tail.flatMap((t) => t.findings),
      ...(await tagPictureFindings(src, tail, ctx.nested)),
    ],
    plan: () => {
      const out = new OutputBuilder();
      for (const r of walk.frames) out.copy(r.start, r.end);
      return out.build();
    },
    opaque: walk.frames,
  };
}

/**
 * MP3: every ID3v2 tag at the start, and ID3v1, APE, Lyrics3 and appended ID3v2 tags at the end,
 * are dropped whole; the frames in between are walked header by header and copied as slices of
 * the input, the Xing/Info/LAME frame included (it carries the gapless playback data), leaving out
 * an ID3v2 tag or other bytes found between two frames. A sync word alone is a weak signature, so the
 * scan insists on two consecutive valid frames and fails as unsupported otherwise.
 */
export const mp3: FormatModule = {
  ...mp3Sniffer,
  analyze: (src, _format, ctx) => analyzeMp3(src, ctx),
};
