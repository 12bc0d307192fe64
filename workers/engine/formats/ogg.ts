import { startsWith } from '../bytes';
import { catalogFormats, sniffedAs } from '../format-catalog';
import type { FormatModule } from '../format-module';
import { OGG_MAGIC } from './ogg/page';
import { oggFindings, oggPlan, scanOgg } from './ogg/stream';

const OGG = sniffedAs('ogg');

/**
 * Ogg Vorbis and Opus: the comment header is rewritten as an empty one and only the pages that
 * carry the header packets are rebuilt (same count, same sequence numbers, new checksums); every
 * audio page is one slice of the input.
 */
export const ogg: FormatModule = {
  formats: catalogFormats('ogg'),
  sniff: (head) => (startsWith(head, OGG_MAGIC) ? OGG : null),
  async analyze(src, _format, ctx) {
    const scan = await scanOgg(src, ctx.signal);
    return { findings: oggFindings(scan), plan: () => oggPlan(scan) };
  },
};
