/**
 * The second half of verify-after-clean: besides analysing the output with its module, look for
 * the signatures of metadata in every range the output copies from the input that is not image
 * or sample data. A segment whose marker was damaged (an XMP APP1 turned into SOF1), a box or
 * chunk of a type no rule knows, still carries its packet; finding the packet's signature fails
 * the clean as `unclean` instead of calling it clean. New bytes the plan writes are the module's
 * own (rebuilt headers, an Orientation-only EXIF) and are checked by the analysis instead.
 */
import type { ByteSource } from './byte-source';
import { ascii, indexOfBytes, startsWith } from './bytes';
import { scanChunks } from './chunk-scan';
import type { ByteRange } from './format-module';
import type { OutputPlan } from './output-plan';

/**
 * Signatures that only metadata carries: XMP packet wrappers and namespaces (XMP part 1 7.3,
 * part 3 1.1), the EXIF APP1 identifier (CIPA DC-008 4.7.2), the Photoshop image resource
 * identifier (APP13 IPTC) and the extended-XMP identifier.
 */
const SIGNATURES: readonly { name: string; bytes: Uint8Array }[] = [
  '<?xpacket',
  '<x:xmpmeta',
  'http://ns.adobe.com/xap/1.0/',
  'http://ns.adobe.com/xmp/extension/',
  'Exif\0\0',
  'Photoshop 3.0\0',
].map((s) => ({ name: JSON.stringify(s), bytes: ascii(s) }));

/** An ID3v2 tag header: `ID3`, major version 2 to 4, revision 0 (ID3v2.4 3.1). */
const ID3 = ascii('ID3');
const ID3_VERSIONS = new Set([2, 3, 4]);

/** Without declared opaque ranges, outputs up to this size are scanned whole; larger ones not. */
export const UNDECLARED_SCAN_BYTES = 16 * 1024 * 1024;
/** Bytes read per step, with an overlap so a signature across two steps is still seen. */
const STEP_BYTES = 4 * 1024 * 1024;
const OVERLAP_BYTES = 64;

/** The input ranges the plan copies, minus the opaque ones. */
export function scannedRanges(
  plan: OutputPlan,
  opaque: readonly ByteRange[],
): ByteRange[] {
  const out: ByteRange[] = [];
  for (const segment of plan) {
    if (segment.kind !== 'copy') continue;
    let at = segment.start;
    for (const range of opaque) {
      if (range.end <= at || range.start >= segment.end) continue;
      if (range.start > at) out.push({ start: at, end: range.start });
      at = Math.max(at, range.end);
    }
    if (at < segment.end) out.push({ start: at, end: segment.end });
  }
  return out;
}

/**
 * Both Adobe namespaces begin with this: one search for it finds either (each search of a chunk
 * costs about as much as reading it), then the hits are compared whole.
 */
const ADOBE_NAMESPACE_HEAD = ascii('http://ns.adobe.com/x');

/** Whether `signature` starts at one of the `heads` found in `bytes`. */
function startsAtOne(
  bytes: Uint8Array,
  heads: readonly number[],
  signature: Uint8Array,
): boolean {
  return heads.some((at) => startsWith(bytes, signature, at));
}

function offsetsOf(bytes: Uint8Array, needle: Uint8Array): number[] {
  const found: number[] = [];
  for (
    let i = indexOfBytes(bytes, needle);
    i >= 0;
    i = indexOfBytes(bytes, needle, i + 1)
  )
    found.push(i);
  return found;
}

/** The first of SIGNATURES (in their order) that `bytes` holds, then an ID3v2 header, or null. */
function signatureIn(bytes: Uint8Array): string | null {
  let adobeHeads: number[] | undefined;
  for (const { name, bytes: signature } of SIGNATURES) {
    const found = startsWith(signature, ADOBE_NAMESPACE_HEAD)
      ? startsAtOne(
          bytes,
          (adobeHeads ??= offsetsOf(bytes, ADOBE_NAMESPACE_HEAD)),
          signature,
        )
      : indexOfBytes(bytes, signature) >= 0;
    if (found) return name;
  }
  for (
    let i = indexOfBytes(bytes, ID3);
    i >= 0;
    i = indexOfBytes(bytes, ID3, i + 1)
  ) {
    if (ID3_VERSIONS.has(bytes[i + 3]!) && bytes[i + 4] === 0) return 'ID3v2';
  }
  return null;
}

/**
 * The first metadata signature in the copied ranges of the input that are neither opaque nor
 * checked metadata kept on purpose, as "name near offset", or null. Without declared opaque ranges only outputs up to UNDECLARED_SCAN_BYTES are
 * scanned, so the scan never reads a large file's pixels or samples.
 */
export async function findResidue(
  src: ByteSource,
  plan: OutputPlan,
  opaque: readonly ByteRange[] | undefined,
  checked: readonly ByteRange[] = [],
): Promise<string | null> {
  const skipped = [...(opaque ?? []), ...checked].sort(
    (a, b) => a.start - b.start,
  );
  const ranges = scannedRanges(plan, skipped);
  if (opaque === undefined) {
    const total = ranges.reduce((n, r) => n + r.end - r.start, 0);
    if (total > UNDECLARED_SCAN_BYTES) return null;
  }
  const visit = (bytes: Uint8Array, at: number) => {
    const name = signatureIn(bytes);
    return name ? `${name} near ${at}` : undefined;
  };
  for (let i = 0; i < ranges.length;) {
    const group = groupAt(ranges, i);
    const { start, end } = ranges[i]!;
    const found =
      group === 1
        ? await scanChunks(
            src,
            start,
            end,
            { stepBytes: STEP_BYTES, overlapBytes: OVERLAP_BYTES },
            visit,
          )
        : await scanGroup(src, ranges.slice(i, i + group), visit);
    if (found) return found;
    i += group;
  }
  return null;
}

/**
 * The most input between two ranges read together: a member's local header, not the opaque data
 * (a photo's pixels) the scan skips on purpose.
 */
const GROUP_GAP_BYTES = 4096;

/**
 * How many ranges from `ranges[i]` on are read together: those that follow each other in the
 * input, close to the one before, within one step's span of the first (an archive's thousands of
 * small copied members).
 * Each is shorter than a step, so it is searched whole, as a pass of its own would search it.
 */
function groupAt(ranges: readonly ByteRange[], i: number): number {
  const first = ranges[i]!;
  let j = i + 1;
  while (
    j < ranges.length &&
    ranges[j]!.start >= ranges[j - 1]!.end &&
    ranges[j]!.start - ranges[j - 1]!.end <= GROUP_GAP_BYTES &&
    ranges[j]!.end - first.start <= STEP_BYTES
  )
    j++;
  return j - i;
}

/** Each range searched on its own, all read with one read of the span they lie in. */
async function scanGroup(
  src: ByteSource,
  group: readonly ByteRange[],
  visit: (bytes: Uint8Array, at: number) => string | undefined,
): Promise<string | undefined> {
  const from = group[0]!.start;
  const span = await src.read(from, group.at(-1)!.end - from);
  for (const { start, end } of group) {
    const found = visit(span.subarray(start - from, end - from), start);
    if (found) return found;
  }
  return undefined;
}
