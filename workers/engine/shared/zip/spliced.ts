/**
 * A deflated member cleaned by the deflate splice (../deflate/splice.ts): its new stream is a
 * small new start, then the original stream's bytes copied from the input as they are. Nothing of
 * the member's tail is held, deflated again or stored whole.
 */
import type { ByteRange } from '../../engine-types';
import { planBytes, type OutputPlan } from '../../output-plan';
import { spliceDeflate } from '../deflate/splice';
import { METHOD_DEFLATED } from './format';
import type { ZipEntry } from './read';
import type { OutMember } from './write';

/**
 * Where a clean's plan leaves the content unchanged to its end: the start of its last segment
 * when that copies the content's tail, else null (the clean changed the last bytes).
 */
function unchangedFrom(plan: OutputPlan, size: number): number | null {
  const last = plan.at(-1);
  return last?.kind === 'copy' && last.end === size ? last.start : null;
}

/** A spliced member, its new start, and the input range of its own compressed bytes it copies. */
export interface Spliced {
  readonly member: OutMember;
  readonly head: Uint8Array;
  readonly tail: ByteRange;
}

/**
 * The member spliced, or null when it cannot be (see `spliceDeflate`): the caller then stores
 * the cleaned content. `raw` is the member's deflate stream, which the caller proved inflates to
 * `content` (its CRC-32 checked) and ends exactly at its compressed size: the copied tail then
 * holds nothing after the stream's end.
 */
export async function splicedMember(
  entry: ZipEntry,
  raw: Uint8Array,
  content: Uint8Array,
  plan: OutputPlan,
): Promise<Spliced | null> {
  const changedEnd = unchangedFrom(plan, content.length);
  if (changedEnd === null) return null;
  const splice = spliceDeflate({
    raw,
    content,
    crc32: entry.crc32,
    cleanedHead: await planBytes(content, plan.slice(0, -1)),
    changedEnd,
  });
  if (!splice) return null;
  const tail = {
    start: entry.dataStart + splice.tailFrom,
    end: entry.dataStart + entry.compressedSize,
  };
  return {
    member: {
      name: entry.name,
      method: METHOD_DEFLATED,
      crc32: splice.crc32,
      uncompressedSize: splice.size,
      data: [
        { kind: 'bytes', data: splice.head },
        { kind: 'copy', ...tail },
      ],
    },
    head: splice.head,
    tail,
  };
}
