/**
 * Records that carry a DIB ([MS-WMF] 2.3.1, 2.3.4.8): a bitmap whose header says BI_JPEG or
 * BI_PNG (2.1.1.7, meant for printers only) holds a JPEG or PNG file, which this module does not
 * clean inside a WMF: refused, so it does not pass unexamined.
 */
import { u32le } from '../../bytes';
import { EngineError } from '../../errors';
import type { WmfRecord } from './records';

/** Function -> where its DIB starts in the record (records with a bitmap, 2.3.1.2-2.3.1.5, 2.3.4.8). */
const DIB_AT: ReadonlyMap<number, number> = new Map([
  [0x0940, 22], // META_DIBBITBLT
  [0x0b41, 26], // META_DIBSTRETCHBLT
  [0x0f43, 28], // META_STRETCHDIB
  [0x0d33, 24], // META_SETDIBTODEV
  [0x0142, 10], // META_DIBCREATEPATTERNBRUSH
]);
const INFO_HEADER_BYTES = 40;
const COMPRESSION_AT = 16;
const BI_JPEG = 4;
const BI_PNG = 5;

export function checkBitmap(bytes: Uint8Array, record: WmfRecord): void {
  const dib = DIB_AT.get(record.fn);
  if (dib === undefined || dib + INFO_HEADER_BYTES > record.size) return;
  const at = record.at + dib;
  if (u32le(bytes, at) < INFO_HEADER_BYTES) return;
  const compression = u32le(bytes, at + COMPRESSION_AT);
  if (compression === BI_JPEG || compression === BI_PNG)
    throw new EngineError(
      'unsupported',
      `WMF bitmap at ${record.at} holds a JPEG or PNG`,
    );
}
