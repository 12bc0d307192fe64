/**
 * Containers nested far deeper than any real file (tens of thousands of levels): every walker
 * ends in a typed error or a clean output, quickly, with no recursion the input can drive into a
 * stack overflow. The inputs are built level by level in one buffer, not by nesting calls.
 */
import { describe, expect, it } from 'vitest';
import { cleanOutcome } from '../../helpers/fuzz-engine';
import { box, concat, ftyp } from '../../helpers/isobmff-fixtures';
import { amfString, flvHeader, scriptTag } from '../../helpers/video-flv';
import { riffChunk } from '../../helpers/video-riff';

const DEPTH = 50_000;
const TIME_LIMIT_MS = 5000;

/** `depth` headers, each enclosing the rest of the buffer and then `leaf`. */
function nested(
  depth: number,
  headerBytes: number,
  write: (view: DataView, at: number, size: number) => void,
  leaf: Uint8Array = new Uint8Array(0),
): Uint8Array {
  const out = new Uint8Array(depth * headerBytes + leaf.length);
  const view = new DataView(out.buffer);
  for (let level = 0; level < depth; level++) {
    const at = level * headerBytes;
    write(view, at, out.length - at);
  }
  out.set(leaf, depth * headerBytes);
  return out;
}

const fourcc = (view: DataView, at: number, type: string) => {
  for (let i = 0; i < 4; i++) view.setUint8(at + i, type.charCodeAt(i));
};

async function expectBounded(bytes: Uint8Array) {
  const started = performance.now();
  const outcome = await cleanOutcome(bytes);
  expect(performance.now() - started).toBeLessThan(TIME_LIMIT_MS);
  if (outcome.kind === 'error')
    expect(['corrupt', 'unsupported']).toContain(outcome.code);
}

describe(`containers nested ${DEPTH} deep`, () => {
  it.each(['udta', 'moov', 'trak', 'meta', 'stbl'])(
    'ISOBMFF %s inside itself, inside moov',
    async (type) => {
      const inner = nested(DEPTH, 8, (view, at, size) => {
        view.setUint32(at, size);
        fourcc(view, at + 4, type);
      });
      await expectBounded(concat(ftyp('isom'), box('moov', inner)));
    },
  );

  it('ISOBMFF udta nested at the top level', async () => {
    const inner = nested(DEPTH, 8, (view, at, size) => {
      view.setUint32(at, size);
      fourcc(view, at + 4, 'udta');
    });
    await expectBounded(concat(ftyp('isom'), inner, box('moov')));
  });

  it('RIFF LIST inside LIST in a WAVE file', async () => {
    const fmt = riffChunk(
      'fmt ',
      Uint8Array.of(
        1,
        0,
        1,
        0,
        0x40,
        0x1f,
        0,
        0,
        0x80,
        0x3e,
        0,
        0,
        2,
        0,
        16,
        0,
      ),
    );
    const data = riffChunk('data', new Uint8Array(16));
    const lists = nested(DEPTH, 12, (view, at, size) => {
      fourcc(view, at, 'LIST');
      view.setUint32(at + 4, size - 8, true);
      fourcc(view, at + 8, 'INFO');
    });
    const body = concat(new Uint8Array(Buffer.from('WAVE')), fmt, lists, data);
    await expectBounded(riffChunk('RIFF', body));
  });

  it('Matroska SimpleTag inside SimpleTag', async () => {
    const simpleTags = nested(DEPTH, 10, (view, at, size) => {
      view.setUint16(at, 0x67c8); // SimpleTag
      view.setBigUint64(at + 2, BigInt(size - 10) | (1n << 56n));
    });
    const wrap = (idHex: string, payload: Uint8Array) => {
      const id = Buffer.from(idHex, 'hex');
      const size = Buffer.alloc(8);
      size.writeBigUInt64BE(BigInt(payload.length) | (1n << 56n));
      return new Uint8Array(Buffer.concat([id, size, payload]));
    };
    const segment = wrap(
      '18538067',
      wrap('1254c367', wrap('7373', simpleTags)),
    );
    const header = wrap(
      '1a45dfa3',
      wrap('4282', new Uint8Array(Buffer.from('matroska'))),
    );
    await expectBounded(concat(header, segment));
  });

  it('FLV AMF objects inside objects', async () => {
    const open = Buffer.from([0, 1, 0x61, 0x03]); // key "a", then an object
    const body = Buffer.alloc(DEPTH * (open.length + 3));
    for (let level = 0; level < DEPTH; level++)
      open.copy(body, level * open.length);
    for (let level = 0; level < DEPTH; level++)
      Buffer.from([0, 0, 9]).copy(body, DEPTH * open.length + level * 3);
    const data = Buffer.concat([
      amfString('onMetaData'),
      Buffer.from([0x03]),
      body,
      Buffer.from([0, 0, 9]),
    ]);
    await expectBounded(
      new Uint8Array(Buffer.concat([flvHeader(), scriptTag(data)])),
    );
  });
});
