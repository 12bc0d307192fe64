/**
 * The entropy-coded data of a JPEG's scans (ITU T.81, B.2.4 and F.1.2.3): the compressed pixels,
 * found by a walk of the markers of its own, not the cleaner's.
 */
import type { ByteReader } from '../byte-source';
import { u16be } from '../bytes';
import type { ByteRange } from '../engine-types';
import { corrupt } from '../errors';
import { MAX_ENTRIES } from '../limits';

const MARKER = 0xff;
const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const TEM = 0x01;
const RST0 = 0xd0;
const RST7 = 0xd7;
/** Bytes read at a time while looking for the marker that ends a scan. */
const SCAN_READ_BYTES = 1024 * 1024;

/** Markers that stand alone, with no length after them (T.81, B.1.1.3). */
const standalone = (m: number): boolean =>
  m === TEM || m === SOI || (m >= RST0 && m <= RST7);

/** Whether a JPEG starts at the reader's first byte. */
export async function isJpeg(src: ByteReader): Promise<boolean> {
  const head = await src.read(0, 2);
  return head[0] === MARKER && head[1] === SOI;
}

/**
 * Where the scan starting at `from` ends: the first marker that is not a restart marker and not a
 * stuffed zero (T.81, B.1.1.5 and F.1.2.3). Reads the scan in large pieces, never all at once.
 */
async function scanEnd(src: ByteReader, from: number): Promise<number> {
  for (let at = from; at < src.size; at += SCAN_READ_BYTES) {
    // One byte of overlap, so a marker split across two reads is seen.
    const block = await src.read(at, SCAN_READ_BYTES + 1);
    for (let i = 0; i + 1 < block.length; i++) {
      if (block[i] !== MARKER) continue;
      const next = block[i + 1]!;
      if (next === 0 || next === MARKER || (next >= RST0 && next <= RST7))
        continue;
      return at + i;
    }
  }
  throw corrupt('a JPEG scan runs to the end of the file');
}

/** The entropy-coded data of every scan of the JPEG, in file order, up to its EOI. */
export async function jpegScanRanges(src: ByteReader): Promise<ByteRange[]> {
  if (!(await isJpeg(src))) throw corrupt('no JPEG start-of-image marker');
  const scans: ByteRange[] = [];
  let at = 2;
  for (let n = 0; n < MAX_ENTRIES; n++) {
    const head = await src.readExact(at, 2);
    // Fill bytes may precede a marker (T.81, B.1.1.2).
    if (head[0] === MARKER && head[1] === MARKER) {
      at += 1;
      continue;
    }
    if (head[0] !== MARKER) throw corrupt(`no JPEG marker at ${at}`);
    const marker = head[1]!;
    if (marker === EOI) return scans;
    if (standalone(marker)) {
      at += 2;
      continue;
    }
    const length = u16be(await src.readExact(at + 2, 2), 0);
    const next = at + 2 + length;
    if (next > src.size)
      throw corrupt(`JPEG segment at ${at} runs past the file`);
    if (marker !== SOS) {
      at = next;
      continue;
    }
    const end = await scanEnd(src, next);
    scans.push({ start: next, end });
    at = end;
  }
  throw corrupt('too many JPEG segments');
}
