import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, planToBlob } from '../../../workers/engine';
import { opaqueInOutput } from '../../../workers/engine/opaque-ranges';
import { ByteSource } from '../../../workers/engine/byte-source';
import { OutputBuilder } from '../../../workers/engine/output-plan';
import {
  findResidue,
  scannedRanges,
} from '../../../workers/engine/residue-scan';
import { blobOf, fileBytes, tempDir } from '../../helpers/video-tools';

const CANARY = 'CANARY_RESIDUE_CREATOR';
const XMP = `http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:creator>${CANARY}</dc:creator></x:xmpmeta>`;

let jpeg: Uint8Array = new Uint8Array(0);

/** `jpeg` with a segment (marker, length, payload) inserted right after SOI. */
function withSegment(marker: number, payload: string): Uint8Array {
  const body = Buffer.from(payload, 'latin1');
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, body, jpeg.subarray(2)]);
}

const has = (bytes: Uint8Array, text: string) =>
  Buffer.from(bytes).includes(Buffer.from(text, 'latin1'));

beforeAll(() => {
  const path = join(tempDir('residue'), 'plain.jpg');
  execFileSync('convert', ['-size', '16x16', 'xc:red', path]);
  jpeg = fileBytes(path);
});

describe('residue scan after the clean', () => {
  it('fails as unclean when an XMP segment whose marker was flipped to SOF1 survives', async () => {
    const input = withSegment(0xc1, XMP);
    expect(has(input, CANARY)).toBe(true);
    await expect(cleanPlan(blobOf(input))).rejects.toMatchObject({
      code: 'unclean',
    });
  });

  it('passes the same XMP in its APP1 segment, which the rules remove', async () => {
    const input = withSegment(0xe1, XMP);
    expect(has(input, CANARY)).toBe(true);
    const result = await cleanPlan(blobOf(input));
    const output = new Uint8Array(
      await (await planToBlob(blobOf(input), result.plan)).arrayBuffer(),
    );
    expect(has(output, CANARY)).toBe(false);
  });

  it('skips opaque input ranges and maps them to the output', () => {
    const plan = [
      { kind: 'copy', start: 0, end: 100 },
      { kind: 'bytes', data: new Uint8Array(10) },
      { kind: 'copy', start: 200, end: 300 },
    ] as const;
    const opaque = [
      { start: 20, end: 50 },
      { start: 250, end: 400 },
    ];
    expect(scannedRanges(plan, opaque)).toEqual([
      { start: 0, end: 20 },
      { start: 50, end: 100 },
      { start: 200, end: 250 },
    ]);
    expect(opaqueInOutput(plan, opaque)).toEqual([
      { start: 20, end: 50 },
      { start: 160, end: 210 },
    ]);
  });

  describe('over thousands of small copied ranges (an archive of small members)', () => {
    const MEMBERS = 5000;
    const STRIDE = 40;
    const COPIED = 12;
    /** Each member's copied bytes, between headers the plan leaves out. */
    const plan = (input: Uint8Array) => {
      const builder = new OutputBuilder();
      for (let at = 0; at + STRIDE <= input.length; at += STRIDE)
        builder.push(Uint8Array.of(1, 2)).copy(at, at + COPIED);
      return builder.build();
    };
    const counted = (input: Uint8Array<ArrayBuffer>) => {
      const reads = { count: 0 };
      const blob = new Blob([input]);
      const src = new ByteSource({
        size: blob.size,
        read: async (offset, length) => {
          reads.count++;
          return new Uint8Array(
            await blob.slice(offset, offset + length).arrayBuffer(),
          );
        },
      });
      return { src, reads };
    };

    it('finds a signature inside one copied range, named by where that range starts, with few reads', async () => {
      const input = new Uint8Array(MEMBERS * STRIDE).fill(0x41);
      const at = 3210 * STRIDE;
      input.set(Buffer.from('ID3\x03\x00', 'latin1'), at + 3);
      const { src, reads } = counted(input);
      expect(await findResidue(src, plan(input), [])).toBe(`ID3v2 near ${at}`);
      expect(reads.count).toBeLessThan(10);
    });

    it('finds none in the bytes between copied ranges, nor across two of them', async () => {
      const input = new Uint8Array(MEMBERS * STRIDE).fill(0x41);
      // Left out of the output: between two copied ranges.
      input.set(Buffer.from('Exif\0\0', 'latin1'), 100 * STRIDE + COPIED);
      // Cut in two by the header between the ranges: no range holds it whole.
      input.set(
        Buffer.from('<?xpa', 'latin1'),
        201 * STRIDE - STRIDE + COPIED - 5,
      );
      const { src } = counted(input);
      expect(await findResidue(src, plan(input), [])).toBeNull();
    });
  });
});
