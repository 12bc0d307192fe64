import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, inspect, planToBlob } from '../../../workers/engine';
import {
  ebmlHeader,
  element,
  makeClustersUnknownSize,
  verifyLevel1Crcs,
} from '../../helpers/video-ebml';
import {
  TEST_AUDIO,
  TEST_VIDEO,
  blobOf,
  cleanFile,
  contains,
  decodeErrors,
  exiftool,
  ffmpeg,
  ffprobe,
  fileBytes,
  framemd5,
  tempDir,
} from '../../helpers/video-tools';

const CANARIES = [
  'CANARY_TITLE',
  'CANARY_ARTIST',
  'CANARY_COMMENT',
  'CANARY_TRACK',
  'CANARY_FILE',
];
const TAGS = [
  ['title', 'CANARY_TITLE'],
  ['artist', 'CANARY_ARTIST'],
  ['comment', 'CANARY_COMMENT'],
  ['creation_time', '2021-03-04T05:06:07Z'],
  ['location', '+48.8584+002.2945/'],
].flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);

let dir = '';
const at = (name: string) => join(dir, name);

beforeAll(() => {
  dir = tempDir('matroska');
  writeFileSync(at('note.txt'), 'CANARY_FILE_DATA');
  writeFileSync(at('font.ttf'), 'not really a font, but named like one');
  writeFileSync(
    at('subs.ass'),
    '[Script Info]\nScriptType: v4.00+\n\n[V4+ Styles]\nFormat: Name, Fontname, Fontsize\n' +
      'Style: Default,Font,20\n\n[Events]\nFormat: Layer, Start, End, Style, Text\n' +
      'Dialogue: 0,0:00:00.00,0:00:00.50,Default,hello\n',
  );
  const streams = [...TEST_VIDEO, ...TEST_AUDIO, '-t', '1'];
  const trackName = [
    '-metadata:s:v',
    'title=CANARY_TRACK',
    '-metadata:s:a',
    'handler_name=CANARY_TRACK',
  ];
  ffmpeg([
    ...streams,
    '-c:v',
    'mpeg4',
    '-c:a',
    'libvorbis',
    ...TAGS,
    ...trackName,
    '-attach',
    at('note.txt'),
    '-metadata:s:t',
    'mimetype=text/plain',
    '-metadata:s:t',
    'filename=CANARY_FILE.txt',
    at('dirty.mkv'),
  ]);
  writeLiveWebm(streams);
  ffmpeg([
    ...TEST_VIDEO,
    '-i',
    at('subs.ass'),
    '-t',
    '1',
    '-c:v',
    'mpeg4',
    '-c:s',
    'ass',
    '-attach',
    at('font.ttf'),
    '-metadata:s:t:0',
    'mimetype=application/x-truetype-font',
    '-metadata:s:t:0',
    'title=CANARY_FONT_DESCRIPTION',
    '-attach',
    at('note.txt'),
    '-metadata:s:t:1',
    'mimetype=text/plain',
    at('fonts.mkv'),
  ]);
});

/** A live recording: unknown-size Segment (piped output) and unknown-size Clusters. */
function writeLiveWebm(streams: readonly string[]): void {
  const piped = execFileSync('ffmpeg', [
    ...['-v', 'error', ...streams, '-c:v', 'libvpx', '-deadline', 'realtime'],
    ...['-c:a', 'libopus', ...TAGS, '-live', '1', '-f', 'webm', 'pipe:1'],
  ]);
  const bytes = new Uint8Array(piped);
  expect(makeClustersUnknownSize(bytes)).toBeGreaterThan(0);
  writeFileSync(at('live.webm'), bytes);
}

function expectNoCanary(text: string): void {
  for (const canary of CANARIES) expect(text).not.toContain(canary);
}

describe('matroska inspect', () => {
  it('reports title, date, software, location, tags and attachments', async () => {
    const { format, findings } = await inspect(
      blobOf(fileBytes(at('dirty.mkv'))),
    );
    expect(format.id).toBe('mkv');
    const byLabel = new Map(findings.map((f) => [f.label, f]));
    expect(byLabel.get('Title')?.value).toBe('CANARY_TITLE');
    expect(byLabel.get('DateUTC')).toMatchObject({
      category: 'time',
      value: '2021-03-04T05:06:07.000Z',
    });
    expect(byLabel.get('MuxingApp')?.category).toBe('software');
    expect(byLabel.get('LOCATION')).toMatchObject({
      category: 'location',
      value: '48.858400, 2.294500',
    });
    expect(byLabel.get('ARTIST')?.category).toBe('author');
    expect(byLabel.get('Name')?.value).toBe('CANARY_TRACK');
    expect(byLabel.get('AttachedFile')?.value).toContain('CANARY_FILE.txt');
  });
});

describe('matroska clean', () => {
  it('voids every canary in place, keeping the size and the offsets', async () => {
    const input = fileBytes(at('dirty.mkv'));
    const cleaned = await cleanFile(at('dirty.mkv'));
    expect(cleaned.bytes.length).toBe(input.length);
    expect(cleaned.inPlace).toBe(true);
    for (const canary of CANARIES)
      expect(contains(cleaned.bytes, canary)).toBe(false);
  });

  it('leaves nothing identifying for exiftool and ffprobe', async () => {
    const cleaned = await cleanFile(at('dirty.mkv'));
    const tools = exiftool(cleaned.path) + ffprobe(cleaned.path);
    expectNoCanary(tools);
    expect(tools).not.toMatch(/2021|Lavf|creation_time|48\.8584/);
  });

  it('keeps every decoded frame identical and plays without errors', async () => {
    const cleaned = await cleanFile(at('dirty.mkv'));
    expect(framemd5(cleaned.path)).toBe(framemd5(at('dirty.mkv')));
    expect(decodeErrors(cleaned.path)).toBe('');
  });

  it('voids the SeekHead entries that pointed at Tags and Attachments', async () => {
    const seekId = (id: string) =>
      Buffer.from(`53ab84${id}`, 'hex').toString('latin1');
    const input = fileBytes(at('dirty.mkv'));
    expect(contains(input, seekId('1254c367'))).toBe(true);
    const cleaned = await cleanFile(at('dirty.mkv'));
    expect(contains(cleaned.bytes, seekId('1254c367'))).toBe(false);
    expect(contains(cleaned.bytes, seekId('1941a469'))).toBe(false);
    expect(contains(cleaned.bytes, seekId('1549a966'))).toBe(true);
  });

  it('recomputes the CRC-32 of every level-1 element it changed', async () => {
    expect(verifyLevel1Crcs(fileBytes(at('dirty.mkv')))).toBeGreaterThan(2);
    const cleaned = await cleanFile(at('dirty.mkv'));
    expect(verifyLevel1Crcs(cleaned.bytes)).toBeGreaterThan(2);
  });

  it('cleans a live WebM with unknown-size clusters', async () => {
    const cleaned = await cleanFile(at('live.webm'));
    expect(cleaned.result.format.id).toBe('webm');
    expect(cleaned.inPlace).toBe(true);
    expectNoCanary(exiftool(cleaned.path) + ffprobe(cleaned.path));
    expect(framemd5(cleaned.path)).toBe(framemd5(at('live.webm')));
    expect(decodeErrors(cleaned.path)).toBe('');
  });

  it('keeps fonts a styled subtitle track needs, drops other attachments', async () => {
    const cleaned = await cleanFile(at('fonts.mkv'));
    expect(cleaned.result.kept).toEqual([
      expect.objectContaining({
        label: 'AttachedFile',
        value: 'font.ttf',
        kept: 'playback',
      }),
      // The subtitles themselves are ordinary text: kept, for the visitor to review.
      expect.objectContaining({
        field: 'media.subtitles',
        label: 'S_TEXT/ASS',
        kept: 'review',
      }),
    ]);
    expect(contains(cleaned.bytes, 'not really a font')).toBe(true);
    expect(contains(cleaned.bytes, 'CANARY_FONT_DESCRIPTION')).toBe(false);
    expect(contains(cleaned.bytes, 'CANARY_FILE_DATA')).toBe(false);
    expect(ffprobe(cleaned.path)).toContain('font.ttf');
    verifyLevel1Crcs(cleaned.bytes);
  });
});

describe('matroska hostile input', () => {
  const concat = (...parts: Uint8Array[]) =>
    new Uint8Array(Buffer.concat(parts));
  const text = (s: string) => new Uint8Array(Buffer.from(s));
  const cleanBytes = (bytes: Uint8Array) => cleanPlan(blobOf(bytes));

  it('rejects a truncated file as corrupt', async () => {
    const bytes = fileBytes(at('dirty.mkv'));
    await expect(
      cleanBytes(bytes.subarray(0, bytes.length >> 1)),
    ).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  it('rejects an element larger than its parent', async () => {
    const info = element('1549a966', element('7ba9', text('CANARY_TITLE')));
    const segment = element('18538067', info);
    segment[12 + 4 + 7] += 1; // Info's size now runs one byte past the Segment
    await expect(
      cleanBytes(concat(ebmlHeader(), segment)),
    ).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  it('refuses an unknown-size element other than a Segment or Cluster', async () => {
    const info = element('1549a966', element('7ba9', text('CANARY_TITLE')));
    info.set([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], 4);
    const bytes = concat(ebmlHeader(), element('18538067', info));
    await expect(cleanBytes(bytes)).rejects.toMatchObject({
      code: 'unsupported',
    });
  });

  it('stops walking endless nesting quickly, still voiding the whole Tags', async () => {
    let nested = element('67c8', element('45a3', text('CANARY_DEEP')));
    for (let i = 0; i < 200; i++) nested = element('67c8', nested);
    const tags = element('1254c367', element('7373', nested));
    const bytes = concat(ebmlHeader(), element('18538067', tags));
    const started = performance.now();
    const { plan } = await cleanBytes(bytes);
    expect(performance.now() - started).toBeLessThan(1000);
    const output = new Uint8Array(
      await (await planToBlob(blobOf(bytes), plan)).arrayBuffer(),
    );
    expect(contains(output, 'CANARY_DEEP')).toBe(false);
    expect(output.length).toBe(bytes.length);
  });

  it('walks a Segment of a million tiny Void elements quickly', async () => {
    const voids = new Uint8Array(2_000_000);
    for (let i = 0; i < voids.length; i += 2) voids.set([0xec, 0x80], i);
    const bytes = concat(ebmlHeader(), element('18538067', voids));
    const started = performance.now();
    const { removed } = await cleanBytes(bytes);
    expect(removed).toEqual([]);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('rejects random bytes behind a valid EBML header', async () => {
    const noise = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 251);
    await expect(cleanBytes(concat(ebmlHeader(), noise))).rejects.toMatchObject(
      {
        code: 'corrupt',
      },
    );
  });
});
