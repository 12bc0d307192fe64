import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, inspect } from '../../../workers/engine';
import { iffChunk } from '../../helpers/audio-tags';
import {
  AUDIO_CANARIES,
  audioHash,
  audioLeftovers,
  ffprobeTags,
  writeTaggedAudio,
} from '../../helpers/audio-tools';
import {
  blobOf,
  cleanFile,
  decodeErrors,
  fileBytes,
  tempDir,
  type Cleaned,
} from '../../helpers/video-tools';
import { corpusFile, describeCorpus } from '../../helpers/corpus';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const MAT2_AIFF = corpusFile('mat2', 'dirty.aiff');
const PLANTED = [
  'CANARY_AUTHOR',
  'CANARY_COPYRIGHT',
  'CANARY_COMT',
  'CANARY_APPL',
];
/** 2021-03-04T05:06:07Z in seconds since 1904-01-01. */
const COMT_STAMP = Date.UTC(2021, 2, 4, 5, 6, 7) / 1000 + 2_082_844_800;
const text = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

let dir = '';
const at = (name: string) => join(dir, name);
const cleaned: Record<string, Cleaned> = {};

/** A COMT chunk with one timestamped comment. */
function comments(comment: string): Uint8Array {
  const out = Buffer.alloc(2 + 8 + comment.length);
  out.writeUInt16BE(1, 0);
  out.writeUInt32BE(COMT_STAMP, 2);
  out.writeUInt16BE(comment.length, 8);
  out.write(comment, 10, 'latin1');
  return new Uint8Array(out);
}

/** ffmpeg's AIFF (NAME, ANNO, ID3) with AUTH, (c), COMT and APPL chunks planted; `codec` picks AIFF or AIFF-C. */
function writeDirtyAiff(name: string, codec: string): void {
  writeTaggedAudio(at(`ffmpeg-${name}`), ['-c:a', codec, '-write_id3v2', '1']);
  const bytes = Buffer.concat([
    fileBytes(at(`ffmpeg-${name}`)),
    iffChunk('AUTH', text('CANARY_AUTHOR')),
    iffChunk('(c) ', text('2021 CANARY_COPYRIGHT')),
    iffChunk('COMT', comments('CANARY_COMT')),
    iffChunk('APPL', text('pdosCANARY_APPL')),
  ]);
  bytes.writeUInt32BE(bytes.length - 8, 4);
  writeFileSync(at(name), bytes);
}

beforeAll(async () => {
  dir = tempDir('aiff');
  writeDirtyAiff('dirty.aiff', 'pcm_s16be');
  writeDirtyAiff('dirty.aifc', 'pcm_alaw');
  for (const name of ['dirty.aiff', 'dirty.aifc'])
    cleaned[name] = await cleanFile(at(name));
});

describe('aiff inspect', () => {
  it('reports text chunks, timestamped comments, ID3 frames and application data', async () => {
    const { format, findings } = await inspect(
      blobOf(fileBytes(at('dirty.aiff'))),
    );
    expect(format.id).toBe('aiff');
    const byLabel = new Map(findings.map((f) => [f.label, f]));
    expect(byLabel.get('NAME')?.value).toBe('CANARY_TITLE');
    expect(byLabel.get('AUTH')).toMatchObject({
      category: 'author',
      value: 'CANARY_AUTHOR',
    });
    expect(byLabel.get('COMT')?.value).toBe('CANARY_COMT');
    expect(byLabel.get('COMT timeStamp')?.value).toBe('2021-03-04T05:06:07Z');
    expect(byLabel.get('TPE1')?.value).toBe('CANARY_ARTIST');
    expect(byLabel.get('APPL')?.value).toBe('pdos');
  });
});

describe.each(['dirty.aiff', 'dirty.aifc'])('aiff clean %s', (name) => {
  it('leaves no canary in any layer and a FORM size that matches', () => {
    const bytes = cleaned[name]!.bytes;
    expectNoLeaks(fileBytes(at(name)), bytes, [
      ...AUDIO_CANARIES,
      ...PLANTED,
      'Lavf',
    ]);
    expect(Buffer.from(bytes).readUInt32BE(4)).toBe(bytes.length - 8);
  });

  it('leaves nothing identifying for exiftool and ffprobe', () => {
    expect(audioLeftovers(at(name))).not.toEqual([]);
    expect(audioLeftovers(cleaned[name]!.path)).toEqual([]);
    expect(ffprobeTags(at(name))).not.toEqual([]);
    expect(ffprobeTags(cleaned[name]!.path)).toEqual([]);
  });

  it('keeps identical samples and plays without errors', () => {
    expect(audioHash(cleaned[name]!.path)).toBe(audioHash(at(name)));
    expect(decodeErrors(cleaned[name]!.path)).toBe('');
  });
});

describeCorpus('aiff corpus', () => {
  it('cleans the mat2 sample', async () => {
    copyFileSync(MAT2_AIFF, at('mat2.aiff'));
    const mat2 = await cleanFile(at('mat2.aiff'));
    expect(mat2.result.removed.map((f) => f.label)).toEqual(['NAME', 'ANNO']);
    expect(audioLeftovers(MAT2_AIFF)).not.toEqual([]);
    expect(audioLeftovers(mat2.path)).toEqual([]);
    expect(audioHash(mat2.path)).toBe(audioHash(MAT2_AIFF));
  });
});

describe('aiff markers', () => {
  it('keeps MARK and reports its marker names as kept for playback', async () => {
    const mark = Buffer.alloc(2 + 6 + 1 + 9);
    mark.writeUInt16BE(1, 0);
    mark.writeUInt16BE(1, 2);
    mark[8] = 9;
    mark.write('Take four', 9, 'latin1');
    const bytes = Buffer.concat([
      fileBytes(at('ffmpeg-dirty.aiff')),
      iffChunk('MARK', new Uint8Array(mark)),
    ]);
    bytes.writeUInt32BE(bytes.length - 8, 4);
    const result = await cleanPlan(blobOf(new Uint8Array(bytes)));
    expect(result.kept).toEqual([
      expect.objectContaining({
        label: 'MARK',
        value: 'Take four',
        kept: 'playback',
      }),
    ]);
  });
});

describe('aiff chunks kept for their layout', () => {
  /** Each top-level chunk of an IFF FORM: id, header offset and payload size (big-endian). */
  function iffChunks(b: Buffer) {
    const out: { id: string; offset: number; size: number }[] = [];
    for (let at = 12; at + 8 <= b.length;) {
      const size = b.readUInt32BE(at + 4);
      out.push({ id: b.toString('latin1', at, at + 4), offset: at, size });
      at += 8 + size + (size % 2);
    }
    return out;
  }
  /** `file` with each chunk of `extra`'s ids given those bytes after its payload. */
  function withExtra(file: string, extra: Record<string, string>): Buffer {
    const b = Buffer.from(fileBytes(file));
    const pieces = iffChunks(b).map(({ id, offset, size }) => {
      const payload = b.subarray(offset + 8, offset + 8 + size);
      const more = extra[id];
      return more === undefined
        ? b.subarray(offset, offset + 8 + size + (size % 2))
        : iffChunk(id, new Uint8Array(Buffer.concat([payload, text(more)])));
    });
    const out = Buffer.concat([b.subarray(0, 12), ...pieces]);
    out.writeUInt32BE(out.length - 8, 4);
    return out;
  }

  it.each(['aiff', 'aifc'])(
    'cuts COMM and MARK of an %s to their layout, samples and marker kept',
    async (kind) => {
      const original = at(`ffmpeg-dirty.${kind}`);
      const mark = Buffer.alloc(2 + 6 + 1 + 9);
      mark.writeUInt16BE(1, 0);
      mark[8] = 9;
      mark.write('Take four', 9, 'latin1');
      const marked = Buffer.concat([
        fileBytes(original),
        iffChunk('MARK', new Uint8Array(mark)),
      ]);
      marked.writeUInt32BE(marked.length - 8, 4);
      writeFileSync(at(`marked.${kind}`), marked);
      const bytes = withExtra(at(`marked.${kind}`), {
        COMM: 'CANARY_COMM_EXTRA',
        MARK: 'CANARY_MARK_EXTRA',
      });
      writeFileSync(at(`extra.${kind}`), bytes);
      const out = await cleanFile(at(`extra.${kind}`));
      expectNoLeaks(new Uint8Array(bytes), out.bytes, [
        'CANARY_COMM_EXTRA',
        'CANARY_MARK_EXTRA',
      ]);
      const comm = (b: Buffer) => {
        const c = iffChunks(b).find((x) => x.id === 'COMM')!;
        return b.subarray(c.offset, c.offset + 8 + c.size);
      };
      expect(comm(Buffer.from(out.bytes))).toEqual(comm(marked));
      expect(out.result.kept).toContainEqual(
        expect.objectContaining({ label: 'MARK', value: 'Take four' }),
      );
      expect(audioHash(out.path)).toBe(audioHash(original));
      expect(decodeErrors(out.path)).toBe('');
    },
  );
});

describe('aiff hostile input', () => {
  const rejectsCorrupt = (bytes: Uint8Array) =>
    expect(cleanPlan(blobOf(bytes))).rejects.toMatchObject({ code: 'corrupt' });

  it('rejects a truncated file', async () => {
    const bytes = fileBytes(at('dirty.aiff'));
    await rejectsCorrupt(bytes.subarray(0, bytes.length >> 1));
  });

  it('rejects a chunk larger than the FORM', async () => {
    const bytes = Buffer.from(fileBytes(at('dirty.aiff')));
    bytes.writeUInt32BE(0x7fffffff, 16);
    await rejectsCorrupt(new Uint8Array(bytes));
  });

  it('rejects a FORM without a COMM chunk', async () => {
    const bytes = Buffer.concat([
      text('FORM\0\0\0\0AIFF'),
      iffChunk('NAME', text('x')),
    ]);
    bytes.writeUInt32BE(bytes.length - 8, 4);
    await rejectsCorrupt(new Uint8Array(bytes));
  });
});
