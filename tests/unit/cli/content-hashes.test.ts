/**
 * `--json` and `--inspect --json` carry the content hashes: the SHA-256 of a JPEG's scan data,
 * which this test locates with its own marker walk, in the original and the copy.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLines, runCli } from '../../helpers/cli-run';
import { convert, exiftoolWrite } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { tempDir } from '../../helpers/video-tools';

const CANARY = 'QZCLIHASHQZ';

/** The entropy-coded data after each SOS, up to the next marker that is not RST or stuffing. */
function scanData(bytes: Uint8Array): Buffer {
  const chunks: Uint8Array[] = [];
  for (let i = 2; i < bytes.length && bytes[i + 1] !== 0xd9;) {
    const marker = bytes[i + 1]!;
    i += 2 + ((bytes[i + 2]! << 8) | bytes[i + 3]!);
    if (marker !== 0xda) continue;
    let end = i;
    while (!(
      bytes[end] === 0xff &&
      bytes[end + 1] !== 0 &&
      !(bytes[end + 1]! >= 0xd0 && bytes[end + 1]! <= 0xd7)
    ))
      end++;
    chunks.push(bytes.subarray(i, end));
    i = end;
  }
  return Buffer.concat(chunks);
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('metaclean --json content hashes', () => {
  const dir = tempDir('cli-content-hash');
  const photo = join(dir, 'photo.jpg');
  convert(['-size', '80x60', 'plasma:fractal', '-seed', '11', photo]);
  exiftoolWrite(photo, [`-Artist=${CANARY}`]);
  const expected = sha256(scanData(readFileSync(photo)));

  it('a clean gives the scan data hash of the original and of the copy, equal, and identical', async () => {
    const result = await runCli([
      '--json',
      '--out-dir',
      join(dir, 'out'),
      photo,
    ]);
    expect(result.code).toBe(0);
    const [record] = jsonLines(result.stdout);
    const copy = readFileSync(record!.output as string);
    expectNoLeaks(readFileSync(photo), copy, [CANARY]);
    expect(sha256(scanData(copy))).toBe(expected);
    expect(record!.content).toEqual({
      identical: true,
      parts: [
        {
          kind: 'image-data',
          key: 'image-data',
          bytes: scanData(copy).length,
          original: expected,
          copy: expected,
          identical: true,
        },
      ],
    });
  });

  it('--inspect gives the original hash alone', async () => {
    const result = await runCli(['--inspect', '--json', photo]);
    const [record] = jsonLines(result.stdout);
    expect(record!.content.parts[0].original).toBe(expected);
    expect(record!.content.parts[0].copy).toBeUndefined();
    expect(record!.content.identical).toBeUndefined();
  });
});
