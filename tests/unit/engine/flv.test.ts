import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, inspect, planToBlob } from '../../../workers/engine';
import {
  amfDate,
  amfEcmaArray,
  amfNumber,
  amfObject,
  amfString,
  flvHeader,
  insertAfterFirstTag,
  scriptTag,
} from '../../helpers/video-flv';
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

const CANARIES = [
  'CANARY_TITLE',
  'CANARY_ARTIST',
  'CANARY_COMMENT',
  'CANARY_COPY',
  'CANARY_XMP',
];
/** What exiftool and ffprobe read of them: neither reads an onXMPData packet. */
const READ_BY_TOOLS = CANARIES.filter((c) => c !== 'CANARY_XMP');
const DATE_MS = Date.UTC(2021, 2, 4, 5, 6, 7);

let dir = '';
const at = (name: string) => join(dir, name);

beforeAll(() => {
  dir = tempDir('flv');
  ffmpeg([
    ...TEST_VIDEO,
    ...TEST_AUDIO,
    '-t',
    '1',
    '-c:v',
    'flv',
    '-c:a',
    'libmp3lame',
    '-ar',
    '22050',
    ...['-metadata', 'title=CANARY_TITLE', '-metadata', 'artist=CANARY_ARTIST'],
    ...[
      '-metadata',
      'comment=CANARY_COMMENT',
      '-metadata',
      'copyright=CANARY_COPY',
    ],
    ...['-metadata', 'creation_time=2021-03-04T05:06:07Z', at('ffmpeg.flv')],
  ]);
  const xmp = amfEcmaArray([
    ['liveXML', amfString('<x:xmpmeta>CANARY_XMP</x:xmpmeta>')],
  ]);
  const xmpTag = scriptTag(Buffer.concat([amfString('onXMPData'), xmp]));
  writeFileSync(
    at('dirty.flv'),
    insertAfterFirstTag(fileBytes(at('ffmpeg.flv')), xmpTag),
  );
});

/** A hand-made FLV holding only onMetaData, with the value types ffmpeg never writes. */
function handMadeFlv(): Uint8Array {
  const meta = amfEcmaArray([
    ['duration', amfNumber(12.5)],
    ['creationdate', amfDate(DATE_MS)],
    ['metadatacreator', amfString('CANARY_TOOL 1.0')],
    ['videocodecid', amfString('avc1')],
  ]);
  return new Uint8Array(
    Buffer.concat([
      flvHeader(),
      scriptTag(Buffer.concat([amfString('onMetaData'), meta])),
    ]),
  );
}

describe('flv inspect', () => {
  it('reports onMetaData strings and the XMP packet', async () => {
    const { format, findings } = await inspect(
      blobOf(fileBytes(at('dirty.flv'))),
    );
    expect(format.id).toBe('flv');
    const byLabel = new Map(findings.map((f) => [f.label, f]));
    expect(byLabel.get('title')?.value).toBe('CANARY_TITLE');
    expect(byLabel.get('artist')?.category).toBe('author');
    expect(byLabel.get('encoder')?.category).toBe('software');
    expect(byLabel.get('creation_time')?.category).toBe('time');
    expect(byLabel.get('onXMPData')).toBeDefined();
  });

  it('reads AMF dates as ISO 8601 and keeps string codec ids', async () => {
    const { findings } = await inspect(blobOf(handMadeFlv()));
    expect(findings).toEqual([
      expect.objectContaining({
        label: 'creationdate',
        category: 'time',
        value: '2021-03-04T05:06:07.000Z',
      }),
      expect.objectContaining({
        label: 'metadatacreator',
        category: 'software',
        value: 'CANARY_TOOL 1.0',
      }),
    ]);
  });
});

describe('flv clean', () => {
  it('rewrites the script tags at their own length, no canary left', async () => {
    const input = fileBytes(at('dirty.flv'));
    const cleaned = await cleanFile(at('dirty.flv'));
    expect(cleaned.bytes.length).toBe(input.length);
    expect(cleaned.inPlace).toBe(true);
    expectNoLeaks(input, cleaned.bytes, CANARIES);
  });

  it('keeps what a player needs and shows nothing identifying', async () => {
    const cleaned = await cleanFile(at('dirty.flv'));
    expectReadGone(toolText, at('dirty.flv'), cleaned.path, [
      ...READ_BY_TOOLS,
      /Lavf/,
      /2021/,
      /creation_time/,
    ]);
    const tags = exiftool(cleaned.path);
    expect(tags).toMatch(/"Flash:Duration"/);
    expect(tags).toMatch(/"Flash:ImageWidth": 64/);
  });

  it('keeps every decoded frame identical and plays without errors', async () => {
    const cleaned = await cleanFile(at('dirty.flv'));
    expect(framemd5(cleaned.path)).toBe(framemd5(at('dirty.flv')));
    expect(decodeErrors(cleaned.path)).toBe('');
  });

  it('removes dates and creators from a hand-made onMetaData, keeps the rest', async () => {
    const bytes = handMadeFlv();
    const { plan } = await cleanPlan(blobOf(bytes));
    const output = new Uint8Array(
      await (await planToBlob(blobOf(bytes), plan)).arrayBuffer(),
    );
    writeFileSync(at('hand.flv'), output);
    expectNoLeaks(bytes, output, ['CANARY_TOOL']);
    expect(contains(output, 'avc1')).toBe(true);
    expect(exiftool(at('hand.flv'))).toMatch(/"Flash:Duration": "12.50 s"/);
  });
});

describe('flv hostile input', () => {
  const rejects = (bytes: Uint8Array, code = 'corrupt') =>
    expect(cleanPlan(blobOf(bytes))).rejects.toMatchObject({ code });
  const withMeta = (value: Buffer) =>
    new Uint8Array(
      Buffer.concat([
        flvHeader(),
        scriptTag(Buffer.concat([amfString('onMetaData'), value])),
      ]),
    );

  it('rejects a truncated file', async () => {
    await rejects(fileBytes(at('dirty.flv')).subarray(0, 200));
  });

  it('rejects a tag size that lies about the file', async () => {
    const bytes = handMadeFlv();
    bytes[14] = 0x7f; // the script tag's 24-bit data size
    await rejects(bytes);
  });

  it('rejects an AMF value that runs past its tag', async () => {
    const value = amfEcmaArray([['title', amfString('CANARY_TITLE')]]);
    value.writeUInt16BE(500, 5 + 2 + 5 + 1); // the string's length
    await rejects(withMeta(value));
  });

  it('stops endless AMF nesting', async () => {
    let nested = amfObject([['leaf', amfString('CANARY_DEEP')]]);
    for (let i = 0; i < 100; i++) nested = amfObject([['n', nested]]);
    await rejects(withMeta(amfEcmaArray([['deep', nested]])));
  });

  it('rejects random bytes behind a valid header', async () => {
    const noise = Buffer.from(
      new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 251),
    );
    await rejects(new Uint8Array(Buffer.concat([flvHeader(), noise])));
  });
});
