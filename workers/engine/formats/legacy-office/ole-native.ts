/**
 * An OLE "Package" object's `\001Ole10Native` stream: a size, a label, the source file's full
 * path, a temporary path, the file's bytes, then the same three names in UTF-16. The stream is
 * written again at its own size with each path cut to its file name (the bytes move up, zeros
 * fill the end), so the person's folders (`C:\Users\<name>\...`) are gone and the file is kept.
 */
import { u16le, u32le, writeU32le, concatBytes } from '../../bytes';
import { EngineError } from '../../errors';
import { finding } from '../../findings';
import type { DirEntry } from '../../shared/cfb/directory';
import { Cleaning, readStream, type Storage } from './storage';

export const OLE10_NATIVE = '\u0001Ole10Native';
const U32 = 4;
const U16 = 2;

class Cursor {
  at = 0;
  constructor(
    readonly b: Uint8Array,
    readonly end: number,
  ) {}
  need(n: number): void {
    if (this.at + n > this.end) throw notPackage();
  }
  u16(): number {
    this.need(U16);
    this.at += U16;
    return u16le(this.b, this.at - U16);
  }
  u32(): number {
    this.need(U32);
    this.at += U32;
    return u32le(this.b, this.at - U32);
  }
  bytes(n: number): Uint8Array {
    this.need(n);
    this.at += n;
    return this.b.subarray(this.at - n, this.at);
  }
  /** A NUL-terminated 8-bit string, without its NUL. */
  cString(): string {
    const nul = this.b.indexOf(0, this.at);
    if (nul < 0 || nul >= this.end) throw notPackage();
    const s = new TextDecoder('latin1').decode(this.b.subarray(this.at, nul));
    this.at = nul + 1;
    return s;
  }
}

function notPackage(): EngineError {
  return new EngineError(
    'unsupported',
    'an OLE 1 object that is not a Package',
  );
}

/** The last part of a Windows or POSIX path. */
export function fileName(path: string): string {
  return path.slice(
    Math.max(path.lastIndexOf('\\'), path.lastIndexOf('/')) + 1,
  );
}

const latin1 = (s: string): Uint8Array =>
  Uint8Array.from(s, (c) => (c.charCodeAt(0) < 0x100 ? c.charCodeAt(0) : 0x3f));
const cString = (s: string): Uint8Array =>
  concatBytes([latin1(s), new Uint8Array(1)]);
const u32 = (v: number): Uint8Array => {
  const b = new Uint8Array(U32);
  writeU32le(b, 0, v);
  return b;
};
const utf16 = (s: string): Uint8Array => {
  const b = new Uint8Array(s.length * 2);
  for (let i = 0; i < s.length; i++) {
    b[i * 2] = s.charCodeAt(i) & 0xff;
    b[i * 2 + 1] = s.charCodeAt(i) >> 8;
  }
  return b;
};

export async function cleanOleNative(
  storage: Storage,
  stream: DirEntry,
  out: Cleaning,
): Promise<void> {
  const b = await readStream(storage, stream);
  if (b.length < U32) throw notPackage();
  const total = u32le(b, 0);
  const c = new Cursor(b, Math.min(b.length, U32 + total));
  c.at = U32;
  const kind = c.u16();
  const label = c.cString();
  const source = c.cString();
  const flags = c.u32();
  const tempLength = c.u32();
  const tempStart = c.at;
  const temp = c.cString();
  if (c.at - tempStart !== tempLength) throw notPackage();
  const data = c.bytes(c.u32());
  const wide: string[] = [];
  while (c.at + U32 <= c.end && wide.length < 3) {
    const chars = c.u32();
    wide.push(new TextDecoder('utf-16le').decode(c.bytes(chars * 2)));
  }
  const paths = [label, source, temp, ...wide];
  const location = `${storage.location}/Ole10Native`;
  const kept = paths.map(fileName);
  if (paths.every((p, i) => p === kept[i])) return;
  for (const p of paths)
    if (p !== fileName(p))
      out.findings.push(
        finding('identifier.file-name', 'Package path', location, p),
      );
  const name = (i: number): string => kept[i]!;
  const body = concatBytes([
    Uint8Array.of(kind & 0xff, kind >> 8),
    cString(name(0)),
    cString(name(1)),
    u32(flags),
    u32(name(2).length + 1),
    cString(name(2)),
    u32(data.length),
    data,
    ...wide.flatMap((_, i) => [u32(name(3 + i).length), utf16(name(3 + i))]),
  ]);
  const made = new Uint8Array(b.length);
  made.set(u32(body.length));
  made.set(body, U32);
  out.write(storage, stream, 0, made);
}
