import type { FormatModule } from '../format-module';
import { flacFindings, flacPlan, scanFlac } from './flac/scan';
import { flacSniffer } from './flac/sniff';

const STREAM_START = 0;

/**
 * FLAC: metadata blocks other than STREAMINFO, SEEKTABLE and CUESHEET are dropped, the last-block
 * flag is rebuilt, and the audio frames are copied as one slice of the input. Tags appended after
 * the frames (ID3v1, APE) go too. A FLAC stream behind an ID3v2 tag is handled by the MP3 module,
 * which sees the `ID3` signature first.
 */
export const flac: FormatModule = {
  ...flacSniffer,
  async analyze(src, _format, ctx) {
    const scan = await scanFlac(src, STREAM_START, ctx.signal);
    return {
      findings: await flacFindings(src, scan, ctx.nested),
      plan: () => flacPlan(STREAM_START, scan, src.size),
      opaque: [
        { start: scan.audioStart, end: scan.tail.at(-1)?.start ?? src.size },
      ],
    };
  },
};
