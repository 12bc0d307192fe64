import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, inspect, planToBlob } from '../../../workers/engine';
import {
  compareContent,
  hashContent,
} from '../../../workers/engine/content-hash';
import {
  listChunks,
  plantInJunk,
  riffChunk,
  riffList,
} from '../../helpers/video-riff';
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

const MAT2_AVI = corpusFile('mat2', 'dirty.avi');
const CANARIES = [
  'CANARY_TITLE',
  'CANARY_ARTIST',
  'CANARY_COMMENT',
  'CANARY_TRACK',
  'CANARY_VENDOR',
];
const text = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

let dir = '';
const at = (name: string) => join(dir, name);

/** ffmpeg's AVI with INFO tags and a stream name, plus an IDIT date and strd vendor data planted. */
function writeDirtyAvi(): void {
  ffmpeg([
    ...TEST_VIDEO,
    ...TEST_AUDIO,
    '-t',
    '1',
    '-c:v',
    'mpeg4',
    '-c:a',
    'pcm_s16le',
    ...['-metadata', 'title=CANARY_TITLE', '-metadata', 'artist=CANARY_ARTIST'],
    ...['-metadata', 'comment=CANARY_COMMENT', '-metadata', 'date=2021'],
    ...['-metadata:s:v', 'title=CANARY_TRACK', at('ffmpeg.avi')],
  ]);
  const bytes = fileBytes(at('ffmpeg.avi'));
  const junks = listChunks(bytes).filter((c) => c.id === 'JUNK');
  // The audio stream's JUNK (its OpenDML index placeholder) and the one closing hdrl.
  plantInJunk(
    bytes,
    junks[1]!.offset,
    riffChunk('strd', text('CANARY_VENDOR maker data')),
  );
  plantInJunk(
    bytes,
    junks[2]!.offset,
    riffChunk('IDIT', text('THU MAR 04 05:06:07 2021\n\0')),
  );
  writeFileSync(at('dirty.avi'), bytes);
}

beforeAll(() => {
  dir = tempDir('avi');
  writeDirtyAvi();
});

describe('avi inspect', () => {
  it('reports INFO tags, the stream name, the IDIT date and vendor data', async () => {
    const { format, findings } = await inspect(
      blobOf(fileBytes(at('dirty.avi'))),
    );
    expect(format.id).toBe('avi');
    const byLabel = new Map(findings.map((f) => [f.label, f]));
    expect(byLabel.get('INAM')?.value).toBe('CANARY_TITLE');
    expect(byLabel.get('IART')?.category).toBe('author');
    expect(byLabel.get('ISFT')?.category).toBe('software');
    expect(byLabel.get('strn')?.value).toBe('CANARY_TRACK');
    expect(byLabel.get('strd')).toMatchObject({ category: 'device' });
    expect(byLabel.get('IDIT')).toMatchObject({
      category: 'time',
      value: '2021-03-04T05:06:07',
    });
  });
});

describe('avi clean', () => {
  it('turns metadata into JUNK of the same size, in place', async () => {
    const input = fileBytes(at('dirty.avi'));
    const cleaned = await cleanFile(at('dirty.avi'));
    expect(cleaned.bytes.length).toBe(input.length);
    expect(cleaned.inPlace).toBe(true);
    expectNoLeaks(input, cleaned.bytes, CANARIES);
    expect(listChunks(input).map((c) => c.id)).toContain('IDIT');
    expect(listChunks(cleaned.bytes).map((c) => c.id)).not.toContain('IDIT');
  });

  it('leaves nothing identifying for exiftool and ffprobe', async () => {
    const cleaned = await cleanFile(at('dirty.avi'));
    expectReadGone(toolText, at('dirty.avi'), cleaned.path, [
      ...CANARIES,
      /Lavf/,
      /2021/,
      /Software/,
      /DateTimeOriginal/,
    ]);
  });

  it('keeps every decoded frame identical and plays without errors', async () => {
    const cleaned = await cleanFile(at('dirty.avi'));
    expect(framemd5(cleaned.path)).toBe(framemd5(at('dirty.avi')));
    expect(decodeErrors(cleaned.path)).toBe('');
  });

  it('blanks a header JUNK holding a UTF-16 name or a short text, not only long ASCII', async () => {
    const bytes = Buffer.from(fileBytes(at('dirty.avi')));
    const hdrl = listChunks(bytes).find((c) => c.listType === 'hdrl')!;
    const end = hdrl.offset + 8 + hdrl.size;
    const junk = riffChunk(
      'JUNK',
      new Uint8Array(
        Buffer.concat([
          Buffer.from('CANARY_UTF16 Alice', 'utf16le'),
          Buffer.from('\0\0CANARY_J', 'latin1'),
        ]),
      ),
    );
    const out = Buffer.concat([
      bytes.subarray(0, end),
      junk,
      bytes.subarray(end),
    ]);
    out.writeUInt32LE(hdrl.size + junk.length, hdrl.offset + 4);
    out.writeUInt32LE(out.readUInt32LE(4) + junk.length, 4);
    const path = at('junk-utf16.avi');
    writeFileSync(path, out);
    const junkText = (file: string) =>
      execFileSync('exiftool', ['-a', '-u', '-b', '-Unknown_JUNK', file]);
    const utf16 = Buffer.from('CANARY_UTF16', 'utf16le');
    expect(junkText(path).includes(utf16)).toBe(true);
    const cleaned = await cleanFile(path);
    expect(junkText(cleaned.path).includes(utf16)).toBe(false);
    expect(junkText(cleaned.path).toString('latin1')).not.toContain('CANARY');
    expectNoLeaks(out, cleaned.bytes, ['CANARY_UTF16', 'CANARY_J']);
    expect(cleaned.bytes.length).toBe(out.length);
    expect(framemd5(cleaned.path)).toBe(framemd5(path));
  });

  it('would notice a damaged frame (the playback check can fail)', () => {
    const bytes = fileBytes(at('dirty.avi'));
    const frame = Buffer.from(bytes.buffer).indexOf(
      '00dc',
      1024 * 10,
      'latin1',
    );
    bytes.fill(0x55, frame + 20, frame + 200);
    writeFileSync(at('damaged.avi'), bytes);
    expect(decodeErrors(at('damaged.avi'))).not.toBe('');
  });

  itCorpus(
    'cleans the mat2 sample: software and signed JUNK gone, frames identical',
    async () => {
      const cleaned = await cleanFile(MAT2_AVI);
      expectReadGone(exiftool, MAT2_AVI, cleaned.path, [
        /MEncoder|MPlayer/,
        /Software/,
        /TextJunk/,
      ]);
      expect(cleaned.bytes.length).toBe(fileBytes(MAT2_AVI).length);
      expect(framemd5(cleaned.path)).toBe(framemd5(MAT2_AVI));
      expect(decodeErrors(cleaned.path)).toBe(decodeErrors(MAT2_AVI));
    },
  );

  it('cleans metadata in an OpenDML AVIX extension', async () => {
    const info = riffList(
      'INFO',
      riffChunk('ICMT', text('CANARY_COMMENT in AVIX')),
    );
    const avix = riffChunk(
      'RIFF',
      new Uint8Array(Buffer.concat([text('AVIX'), riffList('movi'), info])),
    );
    const bytes = new Uint8Array(
      Buffer.concat([fileBytes(at('dirty.avi')), avix]),
    );
    const { plan } = await cleanPlan(blobOf(bytes));
    const output = new Uint8Array(
      await (await planToBlob(blobOf(bytes), plan)).arrayBuffer(),
    );
    expectNoLeaks(bytes, output, ['CANARY_COMMENT in AVIX']);
  });
});

describe('avi with a dashcam log among its frames', () => {
  /** A gps0 record (exiftool's RIFF table): latitude and longitude as DDDMM.MMMM doubles. */
  function gps0Record(): Uint8Array {
    const record = Buffer.alloc(32);
    record.writeDoubleLE(4851.498, 0);
    record.writeDoubleLE(217.67, 8);
    record.writeUInt16LE(50, 0x14);
    record.set([26, 11, 26, 10, 15, 30], 22);
    return new Uint8Array(record);
  }
  const NMEA = [
    '$GPRMC,101530.000,A,4851.4980,N,00217.6700,E,27.5,90.0,261126,,,A*6C',
    '$GPRMC,101531.000,A,4851.5010,N,00217.6900,E,27.5,90.0,261126,,,A*6A',
  ];

  /** dirty.avi with `chunks` added at the end of its movi list, so idx1 stays valid. */
  function withMoviChunks(name: string, ...chunks: Uint8Array[]): string {
    const bytes = Buffer.from(fileBytes(at('dirty.avi')));
    const movi = listChunks(bytes).find((c) => c.listType === 'movi')!;
    const end = movi.offset + 8 + movi.size;
    const added = Buffer.concat(chunks);
    const out = Buffer.concat([
      bytes.subarray(0, end),
      added,
      bytes.subarray(end),
    ]);
    out.writeUInt32LE(movi.size + added.length, movi.offset + 4);
    out.writeUInt32LE(out.readUInt32LE(4) + added.length, 4);
    writeFileSync(at(name), out);
    return at(name);
  }

  const eeReading = (path: string) =>
    execFileSync('exiftool', ['-a', '-G1', '-ee', '-j', path], {
      encoding: 'utf8',
    });

  it('blanks gps0 records, a JUNK with GPS and an NMEA text stream, frames identical', async () => {
    const path = withMoviChunks(
      'dashcam.avi',
      riffChunk('gps0', gps0Record()),
      riffChunk('JUNK', text('0GPS CANARY_JUNK_GPS 4851.4980N')),
      ...NMEA.map((line) => riffChunk('02tx', text(`${line}\0`))),
    );
    const cleaned = await cleanFile(path);
    expectReadGone(eeReading, path, cleaned.path, [/GPSLatitude/, /GPRMC/]);
    expectNoLeaks(fileBytes(path), cleaned.bytes, ['CANARY_JUNK_GPS', 'GPRMC']);
    expect(cleaned.bytes.length).toBe(fileBytes(path).length);
    const removed = cleaned.result.removed.map((f) => f.field);
    expect(removed).toContain('gps.track-log');
    expect(framemd5(cleaned.path)).toBe(framemd5(path));
    expect(decodeErrors(cleaned.path)).toBe('');
    const hashes = async (bytes: Uint8Array) =>
      hashContent(blobOf(bytes), {
        maxBytes: Number.POSITIVE_INFINITY,
        async sha256(pieces) {
          const hash = createHash('sha256');
          for await (const piece of pieces) hash.update(piece);
          return hash.digest('hex');
        },
      });
    const same = compareContent(
      await hashes(fileBytes(path)),
      await hashes(cleaned.bytes),
    );
    expect(same.identical).toBe(true);
  });

  it('keeps ordinary subtitles among the frames, for review', async () => {
    const line = 'CANARY_SUBTITLE: Hello there, how are you?';
    const path = withMoviChunks(
      'subtitled.avi',
      riffChunk('02tx', text(`${line}\0`)),
    );
    const cleaned = await cleanFile(path);
    expect(contains(cleaned.bytes, line)).toBe(true);
    expect(cleaned.result.kept).toContainEqual(
      expect.objectContaining({ field: 'media.subtitles', kept: 'review' }),
    );
  });

  it('blanks a chunk no stream writes, whatever its name', async () => {
    const path = withMoviChunks(
      'vendor.avi',
      riffChunk('XYZW', text('CANARY_VENDOR_CHUNK in movi')),
    );
    const cleaned = await cleanFile(path);
    expectNoLeaks(fileBytes(path), cleaned.bytes, ['CANARY_VENDOR_CHUNK']);
    expect(framemd5(cleaned.path)).toBe(framemd5(path));
  });
});

/**
 * ffmpeg's AVI with an OpenDML standard index chunk (`ix00`) added at the end of `movi` and a
 * partial 12-byte entry after `idx1`'s 16-byte entries, each carrying a canary past its layout.
 * Nothing before them moves, so `idx1` offsets (from `movi`) stay valid.
 */
function withIndexTails(): Uint8Array {
  const bytes = Buffer.from(fileBytes(at('dirty.avi')));
  const chunks = listChunks(bytes);
  const movi = chunks.find((c) => c.listType === 'movi')!;
  const idx1 = chunks.find((c) => c.id === 'idx1')!;
  const ix = Buffer.alloc(24 + 8 + 16);
  ix.writeUInt16LE(2, 0); // wLongsPerEntry: AVISTDINDEX entries are two DWORDs
  ix.writeUInt8(1, 3); // bIndexType: AVI_INDEX_OF_CHUNKS
  ix.writeUInt32LE(1, 4); // nEntriesInUse
  ix.write('00dc', 8, 'latin1');
  ix.writeUInt32LE(movi.offset + 12, 12); // qwBaseOffset
  ix.writeUInt32LE(8, 24); // dwOffset of the first frame's data
  ix.writeUInt32LE(100, 28); // dwSize
  const ix00 = riffChunk(
    'ix00',
    new Uint8Array(Buffer.concat([ix, text('CANARY_IX00 tool')])),
  );
  const moviEnd = movi.offset + 8 + movi.size;
  const idx1End = idx1.offset + 8 + idx1.size;
  const tail = text('CANARY_IDX1\0'); // 12 bytes: no whole entry
  const out = Buffer.concat([
    bytes.subarray(0, moviEnd),
    ix00,
    bytes.subarray(moviEnd, idx1End),
    tail,
    bytes.subarray(idx1End),
  ]);
  out.writeUInt32LE(movi.size + ix00.length, movi.offset + 4);
  out.writeUInt32LE(idx1.size + tail.length, idx1.offset + ix00.length + 4);
  out.writeUInt32LE(out.length - 8, 4);
  return new Uint8Array(out);
}

describe('avi index chunks', () => {
  it('zeroes what follows the entries in use of an ix## chunk and a partial last idx1 entry', async () => {
    const dirty = at('index-tails.avi');
    writeFileSync(dirty, withIndexTails());
    const input = fileBytes(dirty);
    const strings = (path: string) =>
      execFileSync('strings', ['-n', '8', path], { encoding: 'latin1' });
    const cleaned = await cleanFile(dirty);
    expectReadGone(strings, dirty, cleaned.path, [
      'CANARY_IX00',
      'CANARY_IDX1',
    ]);
    expectNoLeaks(input, cleaned.bytes, ['CANARY_IX00', 'CANARY_IDX1']);
    expect(cleaned.bytes.length).toBe(input.length);
    const labels = cleaned.result.removed.map((f) => f.label);
    expect(labels).toEqual(
      expect.arrayContaining(['ix00 extra bytes', 'idx1 extra bytes']),
    );
    // The index entries themselves stay: only the bytes past them change.
    const ixAt = Buffer.from(input).indexOf('ix00');
    expect(cleaned.bytes.subarray(ixAt, ixAt + 8 + 32)).toEqual(
      input.subarray(ixAt, ixAt + 8 + 32),
    );
    const idx1At = Buffer.from(input).lastIndexOf('idx1');
    const entriesEnd = input.length - 12;
    expect(cleaned.bytes.subarray(idx1At, entriesEnd)).toEqual(
      input.subarray(idx1At, entriesEnd),
    );
    expect(framemd5(cleaned.path)).toBe(framemd5(dirty));
    expect(decodeErrors(cleaned.path)).toBe(decodeErrors(dirty));
  });
});

describe('avi with bytes after its last RIFF chunk', () => {
  /** dirty.avi with 248 bytes after its RIFF form, as some writers leave. */
  function withTrailing(name: string, trailing: Uint8Array): string {
    const bytes = Buffer.concat([fileBytes(at('dirty.avi')), trailing]);
    writeFileSync(at(name), bytes);
    return at(name);
  }
  const TRAILING_BYTES = 248;

  it('drops trailing bytes that hold something, and plays the same', async () => {
    const trailing = new Uint8Array(TRAILING_BYTES).fill(0x20);
    trailing.set(text('CANARY_TRAILING'), 16);
    const path = withTrailing('trailing.avi', trailing);
    expect(contains(fileBytes(path), 'CANARY_TRAILING')).toBe(true);
    expect(decodeErrors(path)).toBe('');
    const cleaned = await cleanFile(path);
    expect(contains(cleaned.bytes, 'CANARY_TRAILING')).toBe(false);
    expect(cleaned.bytes.length).toBe(fileBytes(at('dirty.avi')).length);
    expect(cleaned.result.removed.map((f) => f.label)).toContain(
      'trailing data',
    );
    expect(framemd5(cleaned.path)).toBe(framemd5(path));
    expect(decodeErrors(cleaned.path)).toBe('');
  });

  it('keeps zero padding after the form in place', async () => {
    const path = withTrailing('padded.avi', new Uint8Array(TRAILING_BYTES));
    const cleaned = await cleanFile(path);
    expect(cleaned.inPlace).toBe(true);
    expect(cleaned.bytes.length).toBe(fileBytes(path).length);
    expect(framemd5(cleaned.path)).toBe(framemd5(path));
  });
});

describe('avi hostile input', () => {
  const header = (riffSize: number, ...chunks: Uint8Array[]) => {
    const out = Buffer.concat([text('RIFF\0\0\0\0AVI '), ...chunks]);
    out.writeUInt32LE(riffSize, 4);
    return new Uint8Array(out);
  };
  const rejectsCorrupt = (bytes: Uint8Array) =>
    expect(cleanPlan(blobOf(bytes))).rejects.toMatchObject({ code: 'corrupt' });

  it('rejects a truncated file', async () => {
    const bytes = fileBytes(at('dirty.avi'));
    await rejectsCorrupt(bytes.subarray(0, bytes.length >> 1));
  });

  it('rejects a RIFF size that lies about the file', async () => {
    await rejectsCorrupt(header(1_000_000, riffList('hdrl')));
  });

  it('rejects a chunk larger than its list', async () => {
    const hdrl = riffList('hdrl', riffChunk('avih', new Uint8Array(56)));
    hdrl[16] = 200; // avih now claims more bytes than hdrl holds
    await rejectsCorrupt(header(4 + hdrl.length, hdrl));
  });

  it('stops endless LIST nesting', async () => {
    let nested = riffList('strl');
    for (let i = 0; i < 100; i++) nested = riffList('strl', nested);
    const hdrl = riffList('hdrl', nested);
    await rejectsCorrupt(header(4 + hdrl.length, hdrl));
  });

  it('walks tens of thousands of tiny chunks', async () => {
    const tiny = Array.from({ length: 20_000 }, () =>
      riffChunk('JUNK', new Uint8Array(0)),
    );
    const hdrl = riffList('hdrl', ...tiny);
    await expect(
      cleanPlan(blobOf(header(4 + hdrl.length, hdrl))),
    ).resolves.toHaveProperty('plan');
  });

  it('blanks a chunk in the OpenDML header list beside its frame count', async () => {
    const odml = riffList(
      'odml',
      riffChunk('dmlh', new Uint8Array(248)),
      riffChunk('XYZW', text('CANARY_ODML vendor data')),
    );
    const hdrl = riffList('hdrl', odml);
    const bytes = header(4 + hdrl.length, hdrl);
    const { plan } = await cleanPlan(blobOf(bytes));
    const output = new Uint8Array(
      await (await planToBlob(blobOf(bytes), plan)).arrayBuffer(),
    );
    expectNoLeaks(bytes, output, ['CANARY_ODML']);
  });

  it('zeroes bytes past the layout of avih, strh and dmlh, keeping the headers', async () => {
    const past = (bytes: number, canary: string) =>
      new Uint8Array(Buffer.concat([Buffer.alloc(bytes, 1), text(canary)]));
    const hdrl = riffList(
      'hdrl',
      riffChunk('avih', past(56, 'CANARY_AVIH')),
      riffList('strl', riffChunk('strh', past(56, 'CANARY_STRH'))),
      riffList('odml', riffChunk('dmlh', past(4, 'CANARY_DMLH'))),
    );
    const bytes = header(4 + hdrl.length, hdrl);
    const { plan, removed } = await cleanPlan(blobOf(bytes));
    const output = new Uint8Array(
      await (await planToBlob(blobOf(bytes), plan)).arrayBuffer(),
    );
    expectNoLeaks(bytes, output, ['CANARY_AVIH', 'CANARY_STRH', 'CANARY_DMLH']);
    expect(output.length).toBe(bytes.length);
    expect(removed.map((f) => f.label)).toEqual(
      expect.arrayContaining(['avih extra bytes', 'strh extra bytes']),
    );
    const ids = listChunks(output).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(['avih', 'strh', 'dmlh']));
    const avih = listChunks(output).find((c) => c.id === 'avih')!;
    const kept = output.subarray(avih.offset + 8, avih.offset + 8 + 56);
    expect(kept.every((b) => b === 1)).toBe(true);
  });

  it('zeroes bytes past the layout of vprp and indx: after their fields and their entries in use', async () => {
    const vprp = Buffer.alloc(36 + 32, 1);
    vprp.writeUInt32LE(1, 32); // nbFieldPerFrame: one VIDEO_FIELD_DESC follows
    const indx = Buffer.alloc(24 + 16, 0);
    indx.writeUInt16LE(4, 0); // wLongsPerEntry: 16-byte entries
    indx.writeUInt32LE(1, 4); // nEntriesInUse
    indx.write('00dc', 8, 'latin1');
    indx.fill(2, 24, 40);
    const hdrl = riffList(
      'hdrl',
      riffList(
        'strl',
        riffChunk(
          'vprp',
          new Uint8Array(Buffer.concat([vprp, text('CANARY_VPRP')])),
        ),
        riffChunk(
          'indx',
          new Uint8Array(
            Buffer.concat([indx, Buffer.alloc(16), text('CANARY_INDX')]),
          ),
        ),
      ),
    );
    const bytes = header(4 + hdrl.length, hdrl);
    const { plan, removed } = await cleanPlan(blobOf(bytes));
    const output = new Uint8Array(
      await (await planToBlob(blobOf(bytes), plan)).arrayBuffer(),
    );
    expectNoLeaks(bytes, output, ['CANARY_VPRP', 'CANARY_INDX']);
    expect(output.length).toBe(bytes.length);
    expect(removed.map((f) => f.label)).toEqual(
      expect.arrayContaining(['vprp extra bytes', 'indx extra bytes']),
    );
    const payload = (id: string) => {
      const chunk = listChunks(output).find((c) => c.id === id)!;
      return Buffer.from(
        output.subarray(chunk.offset + 8, chunk.offset + 8 + chunk.size),
      );
    };
    expect(payload('vprp').subarray(0, vprp.length)).toEqual(vprp);
    expect(payload('indx').subarray(0, indx.length)).toEqual(indx);
  });

  it('zeroes an index chunk too short for its 24-byte header', async () => {
    const hdrl = riffList(
      'hdrl',
      riffList('strl', riffChunk('indx', text('CANARY_SHORT_IX'))),
    );
    const bytes = header(4 + hdrl.length, hdrl);
    const { plan } = await cleanPlan(blobOf(bytes));
    const output = new Uint8Array(
      await (await planToBlob(blobOf(bytes), plan)).arrayBuffer(),
    );
    expectNoLeaks(bytes, output, ['CANARY_SHORT_IX']);
    expect(listChunks(output).map((c) => c.id)).toContain('indx');
  });

  it('rejects random bytes behind a valid header', async () => {
    const noise = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 251);
    await rejectsCorrupt(header(4 + noise.length, noise));
  });
});
