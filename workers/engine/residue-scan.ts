/**
 * The second half of verify-after-clean: besides analysing the output with its module, look for
 * the signatures of metadata in every range the output copies from the input that is not image
 * or sample data. A segment whose marker was damaged (an XMP APP1 turned into SOF1), a box or
 * chunk of a type no rule knows, still carries its packet; finding the packet's signature fails
 * the clean as `unclean` instead of calling it clean. New bytes the plan writes are the module's
 * own (rebuilt headers, an Orientation-only EXIF) and are checked by the analysis instead.
 */
import type { ByteSource } from './byte-source';
import { ascii, indexOfBytes } from './bytes';
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

function signatureIn(bytes: Uint8Array): string | null {
  for (const { name, bytes: signature } of SIGNATURES) {
    if (indexOfBytes(bytes, signature) >= 0) return name;
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
  for (const { start, end } of ranges) {
    const step = (at: number) =>
      src.read(at, Math.min(end, at + STEP_BYTES + OVERLAP_BYTES) - at);
    // The next step is read while this one is searched, so the disk and the search overlap.
    let next = step(start);
    for (let at = start; at < end; at += STEP_BYTES) {
      const bytes = await next;
      if (at + STEP_BYTES < end) {
        next = step(at + STEP_BYTES);
        // Awaited on the next turn; a search that stops here leaves it unread, not unhandled.
        next.catch(() => undefined);
      }
      const found = signatureIn(bytes);
      if (found) return `${found} near ${at}`;
    }
  }
  return null;
}
