import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, inspect } from '../../../workers/engine';
import { addMetadataRecord, plantFileId } from '../../helpers/video-asf';
import {
  TEST_AUDIO,
  TEST_VIDEO,
  blobOf,
  cleanFile,
  contains,
  decodeErrors,
  exiftool,
  expectReadGone,
  ffmpeg,
  fileBytes,
  framemd5,
  tempDir,
  toolText,
} from '../../helpers/video-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { corpusFile, itCorpus } from '../../helpers/corpus';

const MAT2_WMV = corpusFile('mat2', 'dirty.wmv');
const CANARIES = [
  'CANARY_TITLE',
  'CANARY_ARTIST',
  'CANARY_COMMENT',
  'CANARY_COPY',
  'CANARY_GENRE',
  'CANARY_PLACE',
];
/** What exiftool reads of them: not the Metadata Library record holding the place. */
const READ_BY_EXIFTOOL = CANARIES.filter((c) => c !== 'CANARY_PLACE');
/** 2211B3FB-BD23-11D2-B4B7-00A0C955FC6E as stored on disk. */
const CONTENT_ENCRYPTION_GUID = 'fbb3112223bdd211b4b700a0c955fc6e';
const FILE_ID = '0123456789abcdef0123456789abcdef';

let dir = '';
const at = (name: string) => join(dir, name);

beforeAll(() => {
  dir = tempDir('asf');
  ffmpeg([
    ...TEST_VIDEO,
    ...TEST_AUDIO,
    '-t',
    '1',
    '-c:v',
    'wmv2',
    '-c:a',
    'wmav2',
    ...['-metadata', 'title=CANARY_TITLE', '-metadata', 'artist=CANARY_ARTIST'],
    ...[
      '-metadata',
      'comment=CANARY_COMMENT',
      '-metadata',
      'copyright=CANARY_COPY',
    ],
    ...[
      '-metadata',
      'genre=CANARY_GENRE',
      '-metadata',
      'creation_time=2021-03-04T05:06:07Z',
    ],
    at('ffmpeg.wmv'),
  ]);
  const withLocation = addMetadataRecord(
    fileBytes(at('ffmpeg.wmv')),
    'WM/Location',
    'CANARY_PLACE',
  );
  writeFileSync(at('dirty.wmv'), plantFileId(withLocation, FILE_ID));
});

describe('asf inspect', () => {
  it('reports descriptions, the creation date, the file id and metadata records', async () => {
    const { format, findings } = await inspect(
      blobOf(fileBytes(at('dirty.wmv'))),
    );
    expect(format.id).toBe('wmv');
    const byLabel = new Map(findings.map((f) => [f.label, f]));
    expect(byLabel.get('Title')?.value).toBe('CANARY_TITLE');
    expect(byLabel.get('Author')).toMatchObject({
      category: 'author',
      value: 'CANARY_ARTIST',
    });
    expect(byLabel.get('Creation Date')).toMatchObject({
      category: 'time',
      value: '2021-03-04T05:06:07.000Z',
    });
    expect(byLabel.get('WM/EncodingSettings')?.category).toBe('software');
    expect(byLabel.get('WM/Location')).toMatchObject({
      category: 'location',
      value: 'CANARY_PLACE',
    });
    expect(byLabel.get('File ID')?.category).toBe('identifier');
  });
});

describe('asf clean', () => {
  it('blanks metadata in place: same size, no canary left', async () => {
    const input = fileBytes(at('dirty.wmv'));
    const cleaned = await cleanFile(at('dirty.wmv'));
    expect(cleaned.bytes.length).toBe(input.length);
    expect(cleaned.inPlace).toBe(true);
    expectNoLeaks(input, cleaned.bytes, CANARIES);
    const fileId = Buffer.from(FILE_ID, 'hex').toString('latin1');
    expect(contains(input, fileId)).toBe(true);
    expect(contains(cleaned.bytes, fileId)).toBe(false);
  });

  it('leaves nothing identifying for exiftool and ffprobe, keeps the aspect ratio', async () => {
    const cleaned = await cleanFile(at('dirty.wmv'));
    expectReadGone(toolText, at('dirty.wmv'), cleaned.path, [
      ...CANARIES,
      /Lavf/,
      /2021/,
      /EncodingSettings/,
    ]);
    const tags = exiftool(cleaned.path);
    expect(tags).toContain('00000000-0000-0000-0000-000000000000');
    expect(tags).toContain('AspectRatioX');
    expect(cleaned.result.kept).toContainEqual(
      expect.objectContaining({ label: 'AspectRatioX', kept: 'playback' }),
    );
  });

  it('keeps every decoded frame identical and plays without errors', async () => {
    const cleaned = await cleanFile(at('dirty.wmv'));
    expect(framemd5(cleaned.path)).toBe(framemd5(at('dirty.wmv')));
    expect(decodeErrors(cleaned.path)).toBe('');
  });

  itCorpus('cleans the mat2 sample', async () => {
    const cleaned = await cleanFile(MAT2_WMV);
    expectReadGone(exiftool, MAT2_WMV, cleaned.path, [
      /Lavf/,
      /EncodingSettings/,
    ]);
    expect(framemd5(cleaned.path)).toBe(framemd5(MAT2_WMV));
    expect(decodeErrors(cleaned.path)).toBe(decodeErrors(MAT2_WMV));
  });
});

describe('asf with more than one Header Object', () => {
  /** The whole Header Object written twice, as a mutated file had it; exiftool reads both. */
  function twoHeaders(): string {
    const bytes = Buffer.from(fileBytes(at('dirty.wmv')));
    const headerEnd = Number(bytes.readBigUInt64LE(16));
    const doubled = Buffer.concat([
      bytes.subarray(0, headerEnd),
      bytes.subarray(0, headerEnd),
      bytes.subarray(headerEnd),
    ]);
    writeFileSync(at('two-headers.wmv'), doubled);
    return at('two-headers.wmv');
  }

  it('cleans every Header Object', async () => {
    const path = twoHeaders();
    const input = fileBytes(path);
    expect(exiftool(path)).toMatch(/CANARY_TITLE/);
    const cleaned = await cleanFile(path);
    expectNoLeaks(input, cleaned.bytes, CANARIES);
    expect(cleaned.bytes.length).toBe(input.length);
    expectReadGone(exiftool, path, cleaned.path, READ_BY_EXIFTOOL);
    expect(
      cleaned.result.removed.filter((f) => f.label === 'Title'),
    ).toHaveLength(2);
  });

  it('fails as corrupt on a Header Object nested inside the Header Object', async () => {
    const bytes = Buffer.from(fileBytes(at('dirty.wmv')));
    // The File Properties Object (the first child) renamed to a Header Object.
    bytes.copy(bytes, 30, 0, 16);
    await expect(cleanPlan(blobOf(bytes))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });
});

describe('asf hostile input', () => {
  const rejects = (bytes: Uint8Array, code = 'corrupt') =>
    expect(cleanPlan(blobOf(bytes))).rejects.toMatchObject({ code });

  it('rejects a truncated header', async () => {
    await rejects(fileBytes(at('dirty.wmv')).subarray(0, 500));
  });

  it('rejects an object larger than the header', async () => {
    const bytes = fileBytes(at('dirty.wmv'));
    Buffer.from(bytes.buffer).writeBigUInt64LE(1n << 40n, 30 + 16); // File Properties' size
    await rejects(bytes);
  });

  it('rejects a zero-size object instead of looping', async () => {
    const bytes = fileBytes(at('dirty.wmv'));
    Buffer.from(bytes.buffer).writeBigUInt64LE(0n, 30 + 16);
    await rejects(bytes);
  });

  it('refuses an encrypted file', async () => {
    const bytes = fileBytes(at('dirty.wmv'));
    // Turn the Content Description into a Content Encryption Object (same size).
    const offset = Buffer.from(bytes.buffer).indexOf(
      Buffer.from('3326b2758e66cf11a6d900aa0062ce6c', 'hex'),
    );
    Buffer.from(CONTENT_ENCRYPTION_GUID, 'hex').copy(
      Buffer.from(bytes.buffer),
      offset,
    );
    await rejects(bytes, 'encrypted');
  });

  it('walks tens of thousands of tiny objects after the data', async () => {
    const tail = Buffer.alloc(24 * 30_000);
    for (let at = 0; at < tail.length; at += 24)
      tail.writeBigUInt64LE(24n, at + 16);
    const bytes = new Uint8Array(
      Buffer.concat([fileBytes(at('dirty.wmv')), tail]),
    );
    await expect(cleanPlan(blobOf(bytes))).resolves.toHaveProperty('plan');
  });

  it('rejects random bytes behind a valid header GUID', async () => {
    const noise = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 251);
    noise.set(fileBytes(at('dirty.wmv')).subarray(0, 16));
    await rejects(noise);
  });
});
