/**
 * ffmpeg's ASF muxer writes the Unix epoch as the File Properties creation date when the file has
 * none (exiftool reads it as 0000:00:00): the report says the field is there and empty, never
 * "Created on: January 1, 1970", and the clean copy holds the bytes no more.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findingLines } from '../../../cli/report-words';
import {
  TEST_VIDEO,
  cleanFile,
  exiftool,
  ffmpeg,
  fileBytes,
  tempDir,
} from '../../helpers/video-tools';

/** 1970-01-01 as a FILETIME (100 ns ticks since 1601), little-endian as ASF stores it. */
const EPOCH_FILETIME = Buffer.alloc(8);
EPOCH_FILETIME.writeBigUInt64LE(116_444_736_000_000_000n);

describe('an ASF creation date of the Unix epoch', () => {
  it('reads as empty, not as 1970, and goes', async () => {
    const path = join(tempDir('asf-epoch'), 'video.wmv');
    ffmpeg([...TEST_VIDEO, '-t', '0.3', '-c:v', 'wmv2', path]);
    expect(exiftool(path)).toContain(
      '"ASF:CreationDate": "0000:00:00 00:00:00Z"',
    );
    expect(Buffer.from(fileBytes(path)).includes(EPOCH_FILETIME)).toBe(true);

    const cleaned = await cleanFile(path);

    const created = cleaned.result.removed.filter(
      (f) => f.field === 'time.created',
    );
    expect(created.map((f) => f.value)).toEqual(['']);
    const lines = findingLines(cleaned.result.removed).join('\n');
    expect(lines).toContain('Created on: empty');
    expect(lines).not.toContain('1970');
    expect(Buffer.from(cleaned.bytes).includes(EPOCH_FILETIME)).toBe(false);
  });
});
