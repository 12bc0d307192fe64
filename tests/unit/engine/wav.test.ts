import { execFileSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, inspect } from '../../../workers/engine';
import { id3v2Tag } from '../../helpers/audio-tags';
import {
  AUDIO_CANARIES,
  audioHash,
  audioLeftovers,
  ffprobeTags,
  writeTaggedAudio,
} from '../../helpers/audio-tools';
import { listChunks, riffChunk, riffList } from '../../helpers/video-riff';
import {
  blobOf,
  cleanFile,
  decodeErrors,
  fileBytes,
  tempDir,
  type Cleaned,
} from '../../helpers/video-tools';
import { corpusFile, itCorpus } from '../../helpers/corpus';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const MAT2_WAV = corpusFile('mat2', 'dirty.wav');
const BEXT_METADATA = [
  ...['-write_bext', '1', '-metadata', 'originator=CANARY_ORIGINATOR'],
  ...[
    '-metadata',
    'origination_date=2021-03-04',
    '-metadata',
    'origination_time=05:06:07',
  ],
  ...['-metadata', 'coding_history=CANARY_HISTORY'],
  ...[
    '-metadata',
    'umid=0x060A2B3401010101010102101300000000000000000000000000000000000000',
  ],
];
const text = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const PLANTED = [
  'CANARY_ID3',
  'CANARY_IXML',
  'CANARY_XMP',
  'CANARY_CART',
  'CANARY_LABEL',
  'CANARY_JUNK',
];

let dir = '';
const at = (name: string) => join(dir, name);
let cleaned: Cleaned;

/** ffmpeg's WAV (LIST INFO, bext) with id3, iXML, XMP, cart, adtl and signed JUNK chunks planted. */
function writeDirtyWav(): void {
  writeTaggedAudio(at('ffmpeg.wav'), BEXT_METADATA);
  const planted = Buffer.concat([
    riffChunk('id3 ', id3v2Tag(3, [['TIT2', 'CANARY_ID3']])),
    riffChunk('iXML', text('<BWFXML><NOTE>CANARY_IXML</NOTE></BWFXML>')),
    riffChunk(
      '_PMX',
      text('<x:xmpmeta><dc:creator>CANARY_XMP</dc:creator></x:xmpmeta>'),
    ),
    riffChunk('cart', text('0101CANARY_CART')),
    riffList('adtl', riffChunk('labl', text('\x01\0\0\0CANARY_LABEL\0'))),
    riffChunk('JUNK', text('written by CANARY_JUNK on a laptop')),
  ]);
  const bytes = Buffer.concat([fileBytes(at('ffmpeg.wav')), planted]);
  bytes.writeUInt32LE(bytes.length - 8, 4);
  writeFileSync(at('dirty.wav'), bytes);
}

beforeAll(async () => {
  dir = tempDir('wav');
  writeDirtyWav();
  cleaned = await cleanFile(at('dirty.wav'));
});

describe('wav inspect', () => {
  it('reports INFO tags, bext fields and every planted chunk', async () => {
    const { format, findings } = await inspect(
      blobOf(fileBytes(at('dirty.wav'))),
    );
    expect(format.id).toBe('wav');
    const byLabel = new Map(findings.map((f) => [f.label, f]));
    expect(byLabel.get('INAM')?.value).toBe('CANARY_TITLE');
    expect(byLabel.get('IART')).toMatchObject({ category: 'author' });
    expect(byLabel.get('ISFT')).toMatchObject({ category: 'software' });
    expect(byLabel.get('Originator')?.value).toBe('CANARY_ORIGINATOR');
    expect(byLabel.get('OriginationDate')).toMatchObject({
      category: 'time',
      value: '2021-03-04T05:06:07',
    });
    expect(byLabel.get('UMID')).toMatchObject({ category: 'identifier' });
    expect(byLabel.get('CodingHistory')?.value).toBe('CANARY_HISTORY');
    expect(byLabel.get('TIT2')?.value).toBe('CANARY_ID3');
    for (const label of ['iXML', 'XMP', 'cart', 'LIST adtl', 'JUNK'])
      expect(byLabel.has(label)).toBe(true);
  });
});

describe('wav clean', () => {
  it('keeps fmt and data only, with a RIFF size that matches', () => {
    const chunks = listChunks(cleaned.bytes);
    expect(chunks.map((c) => c.id)).toEqual(['RIFF', 'fmt ', 'data']);
    expect(chunks[0]!.size).toBe(cleaned.bytes.length - 8);
  });

  it('leaves no canary in any layer', () => {
    expectNoLeaks(fileBytes(at('dirty.wav')), cleaned.bytes, [
      ...AUDIO_CANARIES,
      ...PLANTED,
      'CANARY_ORIGINATOR',
      'CANARY_HISTORY',
      'Lavf',
    ]);
  });

  it('leaves nothing identifying for exiftool and ffprobe', () => {
    expect(audioLeftovers(at('dirty.wav'))).not.toEqual([]);
    expect(audioLeftovers(cleaned.path)).toEqual([]);
    expect(ffprobeTags(at('dirty.wav'))).not.toEqual([]);
    expect(ffprobeTags(cleaned.path)).toEqual([]);
  });

  it('keeps identical samples and plays without errors', () => {
    expect(audioHash(cleaned.path)).toBe(audioHash(at('dirty.wav')));
    expect(decodeErrors(cleaned.path)).toBe('');
  });

  itCorpus('cleans the mat2 sample (INFO and an id3 chunk)', async () => {
    copyFileSync(MAT2_WAV, at('mat2.wav'));
    const mat2 = await cleanFile(at('mat2.wav'));
    expect(mat2.result.removed.map((f) => f.label)).toEqual(
      expect.arrayContaining(['IART', 'TPE1']),
    );
    expect(audioLeftovers(MAT2_WAV)).not.toEqual([]);
    expect(audioLeftovers(mat2.path)).toEqual([]);
    expect(audioHash(mat2.path)).toBe(audioHash(MAT2_WAV));
  });

  it('drops bytes appended after the RIFF chunk', async () => {
    const input = Buffer.concat([
      fileBytes(at('ffmpeg.wav')),
      id3v2Tag(3, [['TIT2', 'CANARY_AFTER']]),
    ]);
    const result = await cleanPlan(blobOf(new Uint8Array(input)));
    expect(result.removed.map((f) => f.label)).toContain('trailing data');
    expect(result.plan.at(-1)).toMatchObject({
      end: fileBytes(at('ffmpeg.wav')).length,
    });
  });
});

describe('wav chunks kept for their layout', () => {
  /** ffmpeg.wav with `fmt ` replaced by `fmt` and `extra` chunks before `data`. */
  function withKept(name: string, fmt: Buffer, ...extra: Uint8Array[]) {
    const bytes = Buffer.from(fileBytes(at('ffmpeg.wav')));
    const chunks = listChunks(bytes);
    const data = chunks.find((c) => c.id === 'data')!;
    const out = Buffer.concat([
      bytes.subarray(0, 12),
      riffChunk('fmt ', fmt),
      ...extra,
      bytes.subarray(data.offset, data.offset + 8 + data.size),
    ]);
    out.writeUInt32LE(out.length - 8, 4);
    writeFileSync(at(name), out);
    return at(name);
  }
  const ffmpegFmt = () => {
    const bytes = Buffer.from(fileBytes(at('ffmpeg.wav')));
    const fmt = listChunks(bytes).find((c) => c.id === 'fmt ')!;
    return bytes.subarray(fmt.offset + 8, fmt.offset + 8 + 16);
  };
  const exiftoolText = (path: string) =>
    execFileSync('exiftool', ['-a', '-G1', '-b', '-SamplerData', path]);

  it('drops a sampler’s private data from smpl and keeps its loop', async () => {
    const sampler = text('CANARY_SAMPLER 48.8583 2.2945');
    const smpl = Buffer.alloc(36 + 24);
    smpl.writeUInt32LE(1, 28);
    smpl.writeUInt32LE(sampler.length, 32);
    smpl.writeUInt32LE(100, 36 + 8);
    smpl.writeUInt32LE(900, 36 + 12);
    const path = withKept(
      'sampler.wav',
      ffmpegFmt(),
      riffChunk('smpl', Buffer.concat([smpl, sampler])),
    );
    expect(exiftoolText(path).toString('latin1')).toContain('CANARY_SAMPLER');
    const out = await cleanFile(path);
    expect(exiftoolText(out.path).toString('latin1')).not.toContain('CANARY');
    expectNoLeaks(fileBytes(path), out.bytes, ['CANARY_SAMPLER']);
    const kept = listChunks(out.bytes).find((c) => c.id === 'smpl')!;
    const loopOnly = Buffer.from(smpl);
    loopOnly.writeUInt32LE(0, 32);
    expect(kept.size).toBe(loopOnly.length);
    expect(
      Buffer.from(out.bytes).subarray(kept.offset + 8, kept.offset + 68),
    ).toEqual(loopOnly);
    expect(audioHash(out.path)).toBe(audioHash(path));
  });

  it('zeroes the sampler maker and product in smpl, which name the device, and keeps its loop', async () => {
    const smpl = Buffer.alloc(36 + 24);
    smpl.writeUInt32LE(0x01000041, 0);
    smpl.writeUInt32LE(0xcafe, 4);
    smpl.writeUInt32LE(60, 12);
    smpl.writeUInt32LE(1, 28);
    smpl.writeUInt32LE(100, 36 + 8);
    smpl.writeUInt32LE(900, 36 + 12);
    const path = withKept(
      'sampler-device.wav',
      ffmpegFmt(),
      riffChunk('smpl', smpl),
    );
    const device = (file: string) =>
      execFileSync(
        'exiftool',
        ['-s3', '-n', '-Manufacturer', '-Product', file],
        {
          encoding: 'utf8',
        },
      );
    expect(device(path)).toBe('16777281\n51966\n');
    const out = await cleanFile(path);
    expect(device(out.path)).toBe('0\n0\n');
    expect(out.result.removed).toContainEqual(
      expect.objectContaining({
        field: 'device.model',
        value: '16777281 / 51966',
      }),
    );
    const kept = listChunks(out.bytes).find((c) => c.id === 'smpl')!;
    const withoutDevice = Buffer.from(smpl);
    withoutDevice.fill(0, 0, 8);
    expect(
      Buffer.from(out.bytes).subarray(kept.offset + 8, kept.offset + 68),
    ).toEqual(withoutDevice);
    expect(audioHash(out.path)).toBe(audioHash(path));
  });

  it('cuts a PCM format chunk to its 18 bytes and says cbSize 0', async () => {
    const fmt = Buffer.concat([
      ffmpegFmt(),
      Buffer.alloc(2),
      text('CANARY_FMT_EXTRA'),
    ]);
    fmt.writeUInt16LE(16, 16);
    const path = withKept('fmt-extra.wav', fmt);
    const out = await cleanFile(path);
    expectNoLeaks(fileBytes(path), out.bytes, ['CANARY_FMT_EXTRA']);
    const kept = listChunks(out.bytes).find((c) => c.id === 'fmt ')!;
    expect(kept.size).toBe(18);
    expect(Buffer.from(out.bytes).readUInt16LE(kept.offset + 8 + 16)).toBe(0);
    expect(audioHash(out.path)).toBe(audioHash(path));
    expect(decodeErrors(out.path)).toBe('');
  });

  it('zeroes the time a PEAK chunk was written, keeping its levels', async () => {
    const peak = Buffer.alloc(16);
    peak.writeUInt32LE(1, 0);
    peak.writeUInt32LE(Date.UTC(2021, 2, 4, 5, 6, 7) / 1000, 4);
    peak.writeFloatLE(0.5, 8);
    peak.writeUInt32LE(100, 12);
    const path = withKept('peak.wav', ffmpegFmt(), riffChunk('PEAK', peak));
    const out = await cleanFile(path);
    expect(out.result.removed).toContainEqual(
      expect.objectContaining({
        field: 'time.modified',
        value: '2021-03-04T05:06:07.000Z',
      }),
    );
    const kept = listChunks(out.bytes).find((c) => c.id === 'PEAK')!;
    const bytes = Buffer.from(out.bytes).subarray(
      kept.offset + 8,
      kept.offset + 8 + kept.size,
    );
    expect(bytes.readUInt32LE(4)).toBe(0);
    expect(bytes.subarray(8)).toEqual(peak.subarray(8));
  });

  it('cuts a PEAK chunk to one level and position per channel of its format', async () => {
    const channels = Buffer.from(ffmpegFmt()).readUInt16LE(2);
    const levels = Buffer.alloc(8 + 8 * channels);
    levels.writeUInt32LE(1, 0);
    for (let c = 0; c < channels; c++) levels.writeFloatLE(0.5, 8 + 8 * c);
    const peak = Buffer.concat([levels, text('CANARY_PEAK_TAIL alice')]);
    const path = withKept(
      'peak-tail.wav',
      ffmpegFmt(),
      riffChunk('PEAK', peak),
    );
    const peakText = (file: string) =>
      execFileSync('exiftool', ['-u', '-b', '-Unknown_PEAK', file]);
    expect(peakText(path).toString('latin1')).toContain('CANARY_PEAK_TAIL');
    const out = await cleanFile(path);
    expect(peakText(out.path).toString('latin1')).not.toContain('CANARY');
    expectNoLeaks(fileBytes(path), out.bytes, ['CANARY_PEAK_TAIL']);
    const kept = listChunks(out.bytes).find((c) => c.id === 'PEAK')!;
    expect(kept.size).toBe(levels.length);
    expect(audioHash(out.path)).toBe(audioHash(path));
  });

  it('drops a chunk named wavl, which is a list type and no chunk of its own', async () => {
    const wavl = text('CANARY_WAVL written by alice');
    const path = withKept('wavl.wav', ffmpegFmt(), riffChunk('wavl', wavl));
    const wavlText = (file: string) =>
      execFileSync('exiftool', ['-u', '-b', '-Unknown_wavl', file]);
    expect(wavlText(path).toString('latin1')).toContain('CANARY_WAVL');
    const out = await cleanFile(path);
    expect(wavlText(out.path).toString('latin1')).not.toContain('CANARY');
    expectNoLeaks(fileBytes(path), out.bytes, ['CANARY_WAVL']);
    expect(listChunks(out.bytes).map((c) => c.id)).not.toContain('wavl');
    expect(audioHash(out.path)).toBe(audioHash(path));
  });

  it('leaves a chunk with nothing past its layout as it is', async () => {
    const path = withKept('plain.wav', ffmpegFmt());
    const result = await cleanPlan(blobOf(fileBytes(path)));
    expect(result.removed).toEqual([]);
  });
});

describe('wav hostile input', () => {
  const rejectsCorrupt = (bytes: Uint8Array) =>
    expect(cleanPlan(blobOf(bytes))).rejects.toMatchObject({ code: 'corrupt' });

  it('rejects a truncated file', async () => {
    const bytes = fileBytes(at('dirty.wav'));
    await rejectsCorrupt(bytes.subarray(0, bytes.length >> 1));
  });

  it('rejects a chunk larger than the RIFF chunk', async () => {
    const bytes = Buffer.from(fileBytes(at('ffmpeg.wav')));
    bytes.writeUInt32LE(0x7fffffff, 16);
    await rejectsCorrupt(new Uint8Array(bytes));
  });

  it('drops deeply nested lists whole, without walking them', async () => {
    let nested = riffList('adtl');
    for (let i = 0; i < 100; i++) nested = riffList('adtl', nested);
    const wav = fileBytes(at('ffmpeg.wav'));
    const bytes = Buffer.concat([wav, nested]);
    bytes.writeUInt32LE(bytes.length - 8, 4);
    const result = await cleanPlan(blobOf(new Uint8Array(bytes)));
    expect(result.removed.map((f) => f.label)).toContain('LIST adtl');
  });

  it('drops an id3 chunk whose tag is malformed', async () => {
    const bad = riffChunk(
      'id3 ',
      text('ID3\x03\0\0\xff\xff\xff\xffCANARY_BAD'),
    );
    const bytes = Buffer.concat([fileBytes(at('ffmpeg.wav')), bad]);
    bytes.writeUInt32LE(bytes.length - 8, 4);
    const result = await cleanPlan(blobOf(new Uint8Array(bytes)));
    expect(result.removed.map((f) => f.label)).toContain('id3 ');
  });

  it('rejects a WAVE without fmt and data chunks', async () => {
    const bytes = Buffer.concat([
      text('RIFF\0\0\0\0WAVE'),
      riffChunk('JUNK', new Uint8Array(8)),
    ]);
    bytes.writeUInt32LE(bytes.length - 8, 4);
    await rejectsCorrupt(new Uint8Array(bytes));
  });
});
