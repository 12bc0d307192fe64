/**
 * Left-over bytes of a compound file (shared/cfb/dead-space.ts: free and orphaned sectors, the
 * slack after each stream) are zeroed wherever they hold anything: a fast save or a shrunken
 * property set leaves earlier text, authors and paths there, out of every reader's sight but in
 * the file that is sent.
 */
import type { ByteReader } from '../../byte-source';
import { finding } from '../../findings';
import type { CompoundFile } from '../../shared/cfb/compound-file';
import type { Cleaning } from './storage';

/** Dead space is read and zeroed in steps of this size, one shared buffer of zeros. */
const STEP = 1 << 20;
const ZEROS = new Uint8Array(STEP);

export async function emptyDeadSpace(
  src: ByteReader,
  cfb: CompoundFile,
  out: Cleaning,
): Promise<void> {
  let bytes = 0;
  for (const range of cfb.deadRanges())
    for (let at = 0; at < range.length; at += STEP) {
      const length = Math.min(STEP, range.length - at);
      const offset = range.offset + at;
      const held = await src.readExact(offset, length);
      if (held.every((b) => b === 0)) continue;
      bytes += length;
      out.patches.push({ offset, data: ZEROS.subarray(0, length) });
    }
  if (bytes > 0)
    out.findings.push(
      finding('history.changes', 'unallocated space', '/', `${bytes} bytes`),
    );
}
