import { startsWith } from '../bytes';
import { catalogFormats, sniffedAs } from '../format-catalog';
import type { FormatModule } from '../format-module';
import { guidBytes, HEADER } from './asf/guids';
import { scanAsf } from './asf/scan';
import { patchPlan } from '../shared/in-place';

const HEADER_GUID = guidBytes(HEADER);
const WMV = sniffedAs('wmv');

/**
 * WMV / WMA / ASF: Content Description, Extended Content Description, branding and identifying
 * metadata records become Padding Objects of the same size; the creation date and the File ID are
 * zeroed. Packets are never read, and the output has the input's length.
 */
export const asf: FormatModule = {
  formats: catalogFormats('wmv'),
  sniff: (head) => (startsWith(head, HEADER_GUID) ? WMV : null),
  async analyze(src, _format, ctx) {
    const { findings, patches } = await scanAsf(src, ctx.signal);
    return { findings, plan: () => patchPlan(src.size, patches) };
  },
};
