/** A small RIFF reader and writer for the AVI tests, independent of the engine's walker. */

export interface TestChunk {
  readonly id: string;
  readonly offset: number;
  readonly size: number;
  readonly listType?: string;
}

const LISTS = new Set(['RIFF', 'LIST']);

/** Every chunk, depth first, not descending into `movi`. */
export function listChunks(
  bytes: Uint8Array,
  start = 0,
  end = bytes.length,
): TestChunk[] {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: TestChunk[] = [];
  for (let at = start; at + 8 <= end;) {
    const id = view.toString('latin1', at, at + 4);
    const size = view.readUInt32LE(at + 4);
    if (LISTS.has(id)) {
      const listType = view.toString('latin1', at + 8, at + 12);
      out.push({ id, offset: at, size, listType });
      if (listType !== 'movi')
        out.push(...listChunks(bytes, at + 12, at + 8 + size));
    } else {
      out.push({ id, offset: at, size });
    }
    at += 8 + size + (size % 2);
  }
  return out;
}

export function riffChunk(id: string, payload: Uint8Array): Uint8Array {
  const out = Buffer.alloc(8 + payload.length + (payload.length % 2));
  out.write(id, 0, 'latin1');
  out.writeUInt32LE(payload.length, 4);
  out.set(payload, 8);
  return new Uint8Array(out);
}

export function riffList(type: string, ...children: Uint8Array[]): Uint8Array {
  return riffChunk(
    'LIST',
    new Uint8Array(Buffer.concat([Buffer.from(type, 'latin1'), ...children])),
  );
}

/**
 * Rewrites the JUNK chunk at `offset` as `chunk` followed by a smaller JUNK, keeping every other
 * offset: a way to plant a chunk ffmpeg does not write (IDIT, strd) in a real file.
 */
export function plantInJunk(
  bytes: Uint8Array,
  offset: number,
  chunk: Uint8Array,
): void {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.toString('latin1', offset, offset + 4) !== 'JUNK')
    throw new Error('not a JUNK chunk');
  const total = 8 + view.readUInt32LE(offset + 4);
  const rest = total - chunk.length - 8;
  if (rest < 0) throw new Error('JUNK chunk too small');
  view.set(chunk, offset);
  view.write('JUNK', offset + chunk.length, 'latin1');
  view.writeUInt32LE(rest, offset + chunk.length + 4);
  view.fill(0, offset + chunk.length + 8, offset + total);
}
