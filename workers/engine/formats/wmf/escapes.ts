/**
 * META_ESCAPE records ([MS-WMF] 2.3.6): EscapeFunction, ByteCount, data for a printer driver. A
 * screen draws the picture without them. MFCOMMENT (2.3.6.4) carries comments and the `WMFC`
 * chunks of an EMF copy of the picture (2.3.6.1 META_ESCAPE_ENHANCED_METAFILE), with that EMF's
 * description; PostScript escapes carry a program's own comments. Every escape's data is zeroed
 * where it lies: the record keeps its size, so mtSize and mtMaxRecord stay true.
 */
import { u16le, u32le } from '../../bytes';
import { finding } from '../../findings';
import type { Patch } from '../../shared/in-place';
import type { Finding } from '../../findings';
import type { WmfRecord } from './records';

const FUNCTION_AT = 6;
const DATA_AT = 10;
const MFCOMMENT = 0x000f;
const WMFC = 0x43464d57;

export function cleanEscape(
  bytes: Uint8Array,
  record: WmfRecord,
  out: { findings: Finding[]; patches: Patch[] },
): void {
  const start = record.at + Math.min(DATA_AT, record.size);
  const end = record.at + record.size;
  if (!bytes.subarray(start, end).some((b) => b !== 0)) return;
  const escape =
    record.size >= DATA_AT ? u16le(bytes, record.at + FUNCTION_AT) : -1;
  const isEmfCopy =
    escape === MFCOMMENT && end - start >= 4 && u32le(bytes, start) === WMFC;
  out.patches.push({ offset: start, data: new Uint8Array(end - start) });
  out.findings.push(
    escape === MFCOMMENT && !isEmfCopy
      ? finding(
          'content.comment',
          'comment',
          `META_ESCAPE at ${record.at}`,
          new TextDecoder('windows-1252')
            .decode(bytes.subarray(start, end))
            .replace(/\0+/g, ' ')
            .trim(),
        )
      : finding(
          'other.data',
          isEmfCopy ? 'enhanced metafile copy' : 'printer escape data',
          `META_ESCAPE at ${record.at}`,
          `${end - start} bytes`,
        ),
  );
}
