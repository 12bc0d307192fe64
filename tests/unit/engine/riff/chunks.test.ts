import { describe, expect, it } from 'vitest';
import { ByteSource } from '../../../../workers/engine/byte-source';
import { EngineError } from '../../../../workers/engine/errors';
import {
  chunkHeader,
  readChildren,
  readChunks,
} from '../../../../workers/engine/shared/riff/chunks';

const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

function chunk(id: string, payload: Uint8Array): Uint8Array {
  const pad = payload.length % 2;
  const out = new Uint8Array(8 + payload.length + pad);
  out.set(chunkHeader(id, payload.length), 0);
  out.set(payload, 8);
  return out;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const list = (type: string, ...children: Uint8Array[]) =>
  chunk('LIST', concat(text(type), ...children));
const source = (bytes: Uint8Array) =>
  new ByteSource(new Blob([bytes as Uint8Array<ArrayBuffer>]));

describe('riff chunk walker', () => {
  it('walks chunks with odd sizes and their pad byte', async () => {
    const bytes = concat(chunk('abc ', text('odd')), chunk('JUNK', text('xy')));
    const chunks = await readChunks(source(bytes), 0, bytes.length);
    expect(chunks.map((c) => [c.id, c.offset, c.size, c.end])).toEqual([
      ['abc ', 0, 3, 12],
      ['JUNK', 12, 2, 22],
    ]);
  });

  it('reads nested LIST children with their form type', async () => {
    const bytes = list('INFO', chunk('INAM', text('CANARY')));
    const [info] = await readChunks(source(bytes), 0, bytes.length);
    expect(info?.listType).toBe('INFO');
    const children = await readChildren(source(bytes), info!);
    expect(children.map((c) => [c.id, c.depth])).toEqual([['INAM', 1]]);
  });

  it('rejects a chunk larger than its parent', async () => {
    const bytes = chunk('data', text('1234'));
    bytes[4] = 200;
    await expect(readChunks(source(bytes), 0, bytes.length)).rejects.toThrow(
      EngineError,
    );
  });

  it('rejects stray bytes too short for a header, accepts zero padding', async () => {
    const ok = concat(chunk('abcd', text('xy')), new Uint8Array(3));
    expect(await readChunks(source(ok), 0, ok.length)).toHaveLength(1);
    const bad = concat(chunk('abcd', text('xy')), text('zzz'));
    await expect(readChunks(source(bad), 0, bad.length)).rejects.toThrow(
      EngineError,
    );
  });

  it('stops endless nesting at the depth limit', async () => {
    let bytes = chunk('leaf', text('x'));
    for (let i = 0; i < 40; i++) bytes = list('nest', bytes);
    const src = source(bytes);
    let [current] = await readChunks(src, 0, bytes.length);
    const descend = async () => {
      while (current?.listType) [current] = await readChildren(src, current);
    };
    await expect(descend()).rejects.toThrow(EngineError);
  });

  it('reads big-endian IFF sizes', async () => {
    const bytes = concat(chunkHeader('NAME', 2, 'be'), text('ab'));
    const [name] = await readChunks(source(bytes), 0, bytes.length, {
      endian: 'be',
    });
    expect(name?.size).toBe(2);
  });
});
