import type { FormatModule } from '../format-module';
import { oggSniffer } from './ogg/sniff';
import { oggFindings, oggPlan, scanOgg } from './ogg/stream';

/**
 * Ogg Vorbis and Opus: the comment header is rewritten as an empty one and only the pages that
 * carry the header packets are rebuilt (same count, same sequence numbers, new checksums); every
 * audio page is one slice of the input.
 */
export const ogg: FormatModule = {
  ...oggSniffer,
  async analyze(src, _format, ctx) {
    const scan = await scanOgg(src, ctx.signal);
    return { findings: oggFindings(scan), plan: () => oggPlan(scan) };
  },
};
