import type { FormatModule } from '../format-module';
import { scanAsf } from './asf/scan';
import { asfSniffer } from './asf/sniff';
import { patchPlan } from '../shared/in-place';

/**
 * WMV / WMA / ASF: Content Description, Extended Content Description, branding and identifying
 * metadata records become Padding Objects of the same size; the creation date and the File ID are
 * zeroed. Packets are never read, and the output has the input's length.
 */
export const asf: FormatModule = {
  ...asfSniffer,
  async analyze(src, _format, ctx) {
    const { findings, patches } = await scanAsf(src, ctx.signal);
    return { findings, plan: () => patchPlan(src.size, patches) };
  },
};
