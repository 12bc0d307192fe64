/**
 * The EMF header's description ([MS-EMF] 2.2.9 Header object): nDescription UTF-16 characters at
 * offDescription, "program\0picture name\0\0". Both go: it is zeroed in place, same length.
 */
import { u32le } from '../../bytes';
import { corrupt } from '../../errors';
import { finding } from '../../findings';
import type { Cleaning } from './cleaning';
import { HEADER_MIN_BYTES, type EmfRecord } from './records';

const N_DESCRIPTION_AT = 60;
const OFF_DESCRIPTION_AT = 64;
const UTF16_BYTES = 2;
const LOCATION = 'EMR_HEADER description';

export function cleanHeader(
  bytes: Uint8Array,
  header: EmfRecord,
  out: Cleaning,
): void {
  const count = u32le(bytes, N_DESCRIPTION_AT);
  if (count === 0) return;
  const start = u32le(bytes, OFF_DESCRIPTION_AT);
  const end = start + count * UTF16_BYTES;
  if (start < HEADER_MIN_BYTES || end > header.size)
    throw corrupt('EMF description outside its header record');
  const parts = new TextDecoder('utf-16le')
    .decode(bytes.subarray(start, end))
    .split('\0')
    .map((s) => s.trim());
  const [program = '', picture = ''] = parts;
  const rest = parts.slice(2).filter(Boolean).join(' / ');
  if (!bytes.subarray(start, end).some((b) => b !== 0)) return;
  out.patches.push({ offset: start, data: new Uint8Array(end - start) });
  if (program)
    out.findings.push(
      finding('software.creator', 'program', LOCATION, program),
    );
  if (picture)
    out.findings.push(
      finding('content.title', 'picture name', LOCATION, picture),
    );
  if (rest || (!program && !picture))
    out.findings.push(
      finding('other.data', 'description', LOCATION, rest || undefined),
    );
}
