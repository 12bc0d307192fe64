import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, planToBlob } from '../../../workers/engine';
import { claimGenerator } from '../../../workers/engine/metadata/c2pa';
import {
  drawImage,
  insertJpegSegments,
  jpegSegment,
} from '../../helpers/image-fixtures';
import { box, concat } from '../../helpers/isobmff-fixtures';
import { insertAfterIhdr, pngChunk } from '../../helpers/png-chunks';
import { blobOf, contains, ffmpeg, tempDir } from '../../helpers/video-tools';

const GENERATOR = 'CANARY_GENERATOR/1.0';
const APP11 = 0xeb;
const C2PA_UUID = 'd8fec3d61b0e483c92975828877ec481';

/** A CBOR text string (RFC 8949, major type 3) of fewer than 256 bytes. */
function cborText(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const head = bytes.length < 24 ? [0x60 + bytes.length] : [0x78, bytes.length];
  return Buffer.concat([Buffer.from(head), bytes]);
}

/**
 * A JUMBF superbox labelled `c2pa` (ISO/IEC 19566-5: `jumb` holding a `jumd` description) whose
 * content box holds a CBOR claim with `claim_generator`, as a C2PA manifest store does.
 */
function manifestStore(): Uint8Array {
  const jumd = box(
    'jumd',
    concat(Buffer.alloc(16, 0x63), Buffer.from([0x03]), Buffer.from('c2pa\0')),
  );
  const claim = concat(
    Buffer.from([0xa1]),
    cborText('claim_generator'),
    cborText(GENERATOR),
  );
  return box('jumb', concat(jumd, box('cbor', claim)));
}

let dir = '';
beforeAll(() => {
  dir = tempDir('metaclean-c2pa-');
});

async function cleaned(bytes: Uint8Array) {
  const input = blobOf(bytes);
  const result = await cleanPlan(input);
  const output = new Uint8Array(
    await (
      await planToBlob(input, result.plan, result.format.mime)
    ).arrayBuffer(),
  );
  return { result, output };
}

function exiftoolSees(bytes: Uint8Array, name: string): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  const lines = execFileSync('exiftool', ['-a', '-G1', '-s', path], {
    encoding: 'utf8',
  }).split('\n');
  // The file's own name and folder are not what the file tells.
  return lines.filter((line) => !line.startsWith('[System]')).join('\n');
}

describe('C2PA Content Credentials', () => {
  it('reads the claim generator from CBOR', () => {
    expect(claimGenerator(manifestStore())).toBe(GENERATOR);
    expect(claimGenerator(new Uint8Array(40))).toBeUndefined();
  });

  it('names and removes a JPEG APP11 JUMBF manifest', async () => {
    const base = readFileSync(drawImage(join(dir, 'base.jpg')));
    const payload = concat(
      Buffer.from('JP'),
      Buffer.from([0, 1, 0, 0, 0, 1]),
      manifestStore(),
    );
    const input = insertJpegSegments(base, [jpegSegment(APP11, payload)]);
    expect(contains(input, GENERATOR)).toBe(true);
    expect(exiftoolSees(input, 'in.jpg')).toMatch(/JUMBF|c2pa/i);
    const { result, output } = await cleaned(input);
    expect(result.removed).toContainEqual(
      expect.objectContaining({
        category: 'history',
        label: 'C2PA',
        value: GENERATOR,
      }),
    );
    expect(contains(output, GENERATOR)).toBe(false);
    expect(exiftoolSees(output, 'out.jpg')).not.toMatch(/JUMBF|c2pa/i);
  });

  it('names and removes a PNG caBX chunk', async () => {
    const base = readFileSync(drawImage(join(dir, 'base.png')));
    const input = insertAfterIhdr(base, [pngChunk('caBX', manifestStore())]);
    expect(contains(input, GENERATOR)).toBe(true);
    const { result, output } = await cleaned(input);
    expect(result.removed).toContainEqual(
      expect.objectContaining({ label: 'C2PA', value: GENERATOR }),
    );
    expect(contains(output, GENERATOR)).toBe(false);
    expect(contains(output, 'caBX')).toBe(false);
  });

  it('names and removes the ISOBMFF C2PA uuid box', async () => {
    const path = join(dir, 'base.mp4');
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x48:rate=5',
      '-t',
      '0.4',
      '-c:v',
      'mpeg4',
      path,
    ]);
    const c2pa = box(
      'uuid',
      concat(Buffer.from(C2PA_UUID, 'hex'), manifestStore()),
    );
    const input = concat(readFileSync(path), c2pa);
    expect(contains(input, GENERATOR)).toBe(true);
    const { result, output } = await cleaned(input);
    expect(result.removed).toContainEqual(
      expect.objectContaining({ label: 'C2PA', value: GENERATOR }),
    );
    expect(contains(output, GENERATOR)).toBe(false);
  });
});
