import type { ByteSource } from '../byte-source';
import type { Finding } from '../findings';
import type { FormatModule } from '../format-module';
import { readScriptTags } from './flv/tags';
import { scanScript } from './flv/script';
import { flvSniffer } from './flv/sniff';
import { patchPlan, type Patch } from '../shared/in-place';

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
  ...flvSniffer,
  async analyze(src, _format, ctx) {
    const { findings, patches } = await scanFlv(src, ctx.signal);
    return { findings, plan: () => patchPlan(src.size, patches) };
  },
};
