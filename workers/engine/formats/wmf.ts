/**
 * WMF ([MS-WMF]): a 16-bit Windows drawing as records. Cleaned in place: every record is walked to
 * META_EOF with its bounds checked; escape data (comments, an EMF copy, printer data) and bytes
 * after the end are zeroed at their own length, so every size in the headers stays true.
 */
import { EngineError } from '../errors';
import type { Finding } from '../findings';
import { finding } from '../findings';
import type { FormatModule } from '../format-module';
import { MAX_METADATA_BYTES } from '../limits';
import { patchPlan, type Patch } from '../shared/in-place';
import { checkBitmap } from './wmf/bitmaps';
import { cleanEscape } from './wmf/escapes';
import { META_ESCAPE, walkRecords } from './wmf/records';
import { wmfSniffer } from './wmf/sniff';

export const wmf: FormatModule = {
  ...wmfSniffer,
  async analyze(src, _format, ctx) {
    if (src.size > MAX_METADATA_BYTES)
      throw new EngineError('too-large', 'a WMF larger than the engine reads');
    const bytes = await src.readExact(0, src.size);
    const { records, end } = walkRecords(bytes, ctx.signal);
    const out: { findings: Finding[]; patches: Patch[] } = {
      findings: [],
      patches: [],
    };
    for (const record of records) {
      if (record.fn === META_ESCAPE) cleanEscape(bytes, record, out);
      else checkBitmap(bytes, record);
    }
    if (bytes.subarray(end).some((b) => b !== 0)) {
      out.patches.push({
        offset: end,
        data: new Uint8Array(bytes.length - end),
      });
      out.findings.push(
        finding(
          'other.data',
          'bytes after the end',
          'after META_EOF',
          `${bytes.length - end} bytes`,
        ),
      );
    }
    return {
      findings: out.findings,
      plan: () => patchPlan(src.size, out.patches),
    };
  },
};
