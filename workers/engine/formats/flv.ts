import { startsWith } from '../bytes';
import type { ByteSource } from '../byte-source';
import type { Finding } from '../findings';
import { catalogFormats, sniffedAs } from '../format-catalog';
import type { FormatModule } from '../format-module';
import { readScriptTags } from './flv/tags';
import { scanScript } from './flv/script';
import { patchPlan, type Patch } from '../shared/in-place';

const FLV_SIGNATURE = [0x46, 0x4c, 0x56, 0x01];
const FLV = sniffedAs('flv');

async function scanFlv(
  src: ByteSource,
  signal?: AbortSignal,
): Promise<{ findings: Finding[]; patches: Patch[] }> {
  const findings: Finding[] = [];
  const patches: Patch[] = [];
  for (const tag of await readScriptTags(src, signal)) {
    const result = scanScript(tag.data);
    for (const item of result.findings) findings.push(item);
    if (result.replacement)
      patches.push({ offset: tag.dataOffset, data: result.replacement });
  }
  return { findings, patches };
}

/**
 * FLV: identifying `onMetaData` entries (title, artist, encoder, creator, creation date) and XMP
 * packets go; duration, dimensions, frame rate, codecs and the keyframe index stay. Each script tag
 * is rewritten at its own length, so no tag moves and the output has the input's length.
 */
export const flv: FormatModule = {
  formats: catalogFormats('flv'),
  sniff: (head) => (startsWith(head, FLV_SIGNATURE) ? FLV : null),
  async analyze(src, _format, ctx) {
    const { findings, patches } = await scanFlv(src, ctx.signal);
    return { findings, plan: () => patchPlan(src.size, patches) };
  },
};
