import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspect } from '../../../workers/engine';
import { cleanBytes, errorCodeOf } from '../../helpers/clean-bytes';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  canaryEmf,
  EMF_CANARIES,
  emfComment,
  emfOf,
  emfRecord,
} from '../../helpers/metafile-fixtures';
import { blobOf, tempDir } from '../../helpers/video-tools';

/** What `strings -el` (UTF-16LE text) reads in a file. */
function utf16Strings(bytes: Uint8Array): string {
  const path = join(tempDir('emf'), 'picture.emf');
  writeFileSync(path, bytes);
  return execFileSync('strings', ['-el', path], { encoding: 'utf8' });
}

describe('EMF', () => {
  it('is recognised by its header record', async () => {
    const { format } = await inspect(blobOf(emfOf('', [])));
    expect(format.id).toBe('emf');
  });

  it('zeroes the description, comments and an EMF+ picture metadata in place', async () => {
    const input = canaryEmf();
    expect(utf16Strings(input)).toContain('CANARYAPP Visio');
    const { findings } = await inspect(blobOf(input));
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'software.creator',
          value: 'CANARYAPP Visio',
        }),
        expect.objectContaining({
          field: 'content.title',
          value: 'CANARYPIC drawing.vsd',
        }),
        expect.objectContaining({ field: 'other.private' }),
        expect.objectContaining({ field: 'content.comment' }),
      ]),
    );
    const output = await cleanBytes(input);
    expect(output).toHaveLength(input.length);
    expect(utf16Strings(output)).not.toContain('CANARY');
    expectNoLeaks(input, output, EMF_CANARIES, { ffprobe: false });
  });

  it('cleans an EMF+ picture split over continued records', async () => {
    const input = canaryEmf(undefined, true);
    const output = await cleanBytes(input);
    expect(output).toHaveLength(input.length);
    expect(Buffer.from(input).indexOf('RYPNG')).toBeGreaterThan(0);
    expectNoLeaks(input, output, ['CANARYAPP', 'CANARYPLUS'], {
      ffprobe: false,
    });
    // The PNG's text chunk is cut in two ("CANA" and "RYPNG"): both halves are gone.
    expect(Buffer.from(output).indexOf('CANA')).toBe(-1);
    expect(Buffer.from(output).indexOf('RYPNG')).toBe(-1);
  });

  it('keeps the drawing records byte for byte', async () => {
    const input = canaryEmf();
    const output = Buffer.from(await cleanBytes(input));
    const rectangle = Buffer.from([0x2b, 0, 0, 0, 24, 0, 0, 0, 10, 0, 0, 0]);
    expect(output.indexOf(rectangle)).toBe(input.indexOf(rectangle));
    expect(output.indexOf(rectangle)).toBeGreaterThan(0);
    expect(output.subarray(0, 60)).toEqual(input.subarray(0, 60));
  });

  it('finds nothing in its own output', async () => {
    const output = await cleanBytes(canaryEmf());
    const { findings } = await inspect(blobOf(output));
    expect(findings.filter((f) => !f.kept)).toEqual([]);
  });

  it('refuses a record of a type EMF does not define', async () => {
    expect(await errorCodeOf(emfOf('', [emfRecord(0x45)]))).toBe('unsupported');
  });

  it('refuses a comment carrying EPS (MULTIFORMATS)', async () => {
    const data = Buffer.alloc(8);
    data.write('GDIC', 0, 'latin1');
    data.writeUInt32LE(0x40000004, 4);
    expect(await errorCodeOf(emfOf('', [emfComment(data)]))).toBe(
      'unsupported',
    );
  });

  it.each([
    ['truncated', (b: Buffer) => b.subarray(0, b.length - 12)],
    [
      'a record of size 0',
      (b: Buffer) => {
        const c = Buffer.from(b);
        c.writeUInt32LE(0, c.length - 20 + 4);
        return c;
      },
    ],
    [
      'a record past the end',
      (b: Buffer) => {
        const c = Buffer.from(b);
        c.writeUInt32LE(0x7ffffff0, c.length - 20 + 4);
        return c;
      },
    ],
    [
      'a size not a multiple of 4',
      (b: Buffer) => {
        const c = Buffer.from(b);
        c.writeUInt32LE(22, c.length - 20 + 4);
        return c;
      },
    ],
  ])('fails corrupt when %s', async (_name, damage) => {
    expect(await errorCodeOf(damage(emfOf('', [])))).toBe('corrupt');
  });

  it('walks a million records to a typed error', async () => {
    const save = emfRecord(0x21);
    const records = Array.from({ length: 1_000_001 }, () => save);
    expect(await errorCodeOf(emfOf('', records))).toBe('corrupt');
  });
});
