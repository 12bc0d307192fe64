/**
 * The JPEG entropy scan's marker search as 16-byte vector code (WebAssembly SIMD), lent to the
 * engine by the CLI (`entropyMarkerIndex` in node-codecs.ts). It answers what `markerIndexPortable`
 * in workers/engine/formats/jpeg/entropy-scan.ts answers: the index of the first 0xFF followed,
 * inside the chunk, by a byte that is not stuffing (0x00), fill (0xFF) or a restart marker
 * (0xD0-0xD7), ITU-T T.81 B.1.1.5 and F.1.2.3; else -1.
 *
 * Why: entropy-coded data holds an 0xFF about every 256 bytes, so the portable search makes some
 * 4,000 calls of a byte search per megabyte, each a call into the host. The vector loop looks at
 * every byte and its successor 16 at a time and leaves the loop only at a real marker.
 *
 * The module is assembled here from the binary format's named opcodes (WebAssembly Core
 * Specification 2.0, 5 Binary Format; the vector instructions are 5.4.8), not loaded from a file,
 * so the bundle carries no opaque blob: about 300 bytes, assembled and compiled at the first JPEG's
 * scan (the command's core carries this file; its start builds nothing).
 */

/** Instruction opcodes (Core Specification 5.4). */
const OP = {
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  return: 0x0f,
  call: 0x10,
  localGet: 0x20,
  localSet: 0x21,
  i32Load8U: 0x2d,
  i32Const: 0x41,
  i32Eq: 0x46,
  i32Ne: 0x47,
  i32LtU: 0x49,
  i32GtU: 0x4b,
  i32GeU: 0x4f,
  i32Ctz: 0x68,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  i32And: 0x71,
  /** A block that leaves nothing on the stack (5.4.1, blocktype). */
  emptyBlock: 0x40,
} as const;

/** Vector instructions: the 0xFD prefix, then the instruction's number (5.4.8). */
const SIMD_PREFIX = 0xfd;
const V128 = {
  load: 0x00,
  i8x16Splat: 0x0f,
  i8x16Eq: 0x23,
  i8x16LeU: 0x2a,
  andNot: 0x4f,
  or: 0x50,
  anyTrue: 0x53,
  i8x16Bitmask: 0x64,
  i8x16Sub: 0x71,
} as const;

/** Value types (5.3.1) and the other binary-format constants used below (5.5). */
const I32 = 0x7f;
const V128_TYPE = 0x7b;
const FUNC_TYPE = 0x60;
const SECTION = { type: 1, function: 3, memory: 5, export: 7, code: 10 };
const EXPORT_FUNC = 0x00;
const EXPORT_MEMORY = 0x02;
const LIMITS_MIN_ONLY = 0x00;
const MAGIC_AND_VERSION = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];

/** The bytes the scan tells apart (T.81 B.1.1.2, B.1.1.5, F.1.2.3). */
const PREFIX = 0xff;
const STUFFED = 0x00;
const RESTART_FIRST = 0xd0;
const RESTART_SPAN = 7; // RST0 to RST7
/** Bytes per vector, and per vector plus the successor of its last byte. */
const LANES = 16;
const LANES_AND_NEXT = LANES + 1;

/** Unsigned LEB128 (5.2.2). */
function uleb(n: number): number[] {
  const out: number[] = [];
  let rest = n;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    out.push(byte);
  } while (rest !== 0);
  return out;
}

/** Signed LEB128 of a 32-bit integer (5.2.2). */
function sleb(n: number): number[] {
  const out: number[] = [];
  let rest = n | 0;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    const done =
      (rest === 0 && (byte & 0x40) === 0) ||
      (rest === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

const vec = (items: readonly (readonly number[])[]): number[] => [
  ...uleb(items.length),
  ...items.flat(),
];
const section = (id: number, body: readonly number[]): number[] => [
  id,
  ...uleb(body.length),
  ...body,
];
const name = (text: string): number[] =>
  vec([...text].map((c) => [c.charCodeAt(0)]));
const get = (local: number): number[] => [OP.localGet, ...uleb(local)];
const set = (local: number): number[] => [OP.localSet, ...uleb(local)];
const i32 = (value: number): number[] => [OP.i32Const, ...sleb(value)];
const simd = (instruction: number): number[] => [
  SIMD_PREFIX,
  ...uleb(instruction),
];
/** A memory access's alignment hint (log2) and offset (5.4.6). */
const memarg = (offset: number): number[] => [0, ...uleb(offset)];

/** Function 0, isMarker(next): whether a byte after 0xFF makes it a real marker. */
// prettier-ignore
const isMarkerCode = (): number[] => [
  ...get(0), ...i32(STUFFED), OP.i32Ne,
  ...get(0), ...i32(PREFIX), OP.i32Ne, OP.i32And,
  ...get(0), ...i32(RESTART_FIRST), OP.i32Sub, ...i32(RESTART_SPAN), OP.i32GtU, OP.i32And,
  OP.end,
];

/** Function 1, scalar(from, to, length): the first marker at from <= i < to, byte by byte. */
// prettier-ignore
const scalarCode = (): number[] => [
  OP.block, OP.emptyBlock, OP.loop, OP.emptyBlock,
  ...get(0), ...get(1), OP.i32GeU, OP.brIf, 1,
  ...get(0), OP.i32Load8U, ...memarg(0), ...i32(PREFIX), OP.i32Eq, OP.if, OP.emptyBlock,
  ...get(0), ...i32(1), OP.i32Add, ...get(2), OP.i32LtU, OP.if, OP.emptyBlock,
  ...get(0), OP.i32Load8U, ...memarg(1), OP.call, 0, OP.if, OP.emptyBlock,
  ...get(0), OP.return,
  OP.end, OP.end, OP.end,
  ...get(0), ...i32(1), OP.i32Add, ...set(0), OP.br, 0,
  OP.end, OP.end,
  ...i32(-1), OP.end,
];

/**
 * Function 2, scan(length): 16 bytes and their 16 successors at a time, a lane is a marker when
 * its byte is 0xFF and its successor is none of 0x00, 0xFF, 0xD0-0xD7; the first such lane is the
 * lowest set bit of the lanes' bitmask. The last 16 bytes or fewer go to `scalar`.
 * Locals: 0 length, 1 i, 2 splat(0xFF), 3 splat(0xD0), 4 splat(7), 5 splat(0), 6 successors,
 * 7 marker lanes.
 */
// prettier-ignore
const scanCode = (): number[] => [
  ...i32(PREFIX), ...simd(V128.i8x16Splat), ...set(2),
  ...i32(RESTART_FIRST), ...simd(V128.i8x16Splat), ...set(3),
  ...i32(RESTART_SPAN), ...simd(V128.i8x16Splat), ...set(4),
  ...i32(STUFFED), ...simd(V128.i8x16Splat), ...set(5),
  OP.block, OP.emptyBlock, OP.loop, OP.emptyBlock,
  ...get(1), ...i32(LANES_AND_NEXT), OP.i32Add, ...get(0), OP.i32GtU, OP.brIf, 1,
  ...get(1), ...simd(V128.load), ...memarg(1), ...set(6),
  ...get(1), ...simd(V128.load), ...memarg(0), ...get(2), ...simd(V128.i8x16Eq),
  ...get(6), ...get(5), ...simd(V128.i8x16Eq),
  ...get(6), ...get(2), ...simd(V128.i8x16Eq), ...simd(V128.or),
  ...get(6), ...get(3), ...simd(V128.i8x16Sub), ...get(4), ...simd(V128.i8x16LeU), ...simd(V128.or),
  ...simd(V128.andNot), ...set(7),
  ...get(7), ...simd(V128.anyTrue), OP.if, OP.emptyBlock,
  ...get(1), ...get(7), ...simd(V128.i8x16Bitmask), OP.i32Ctz, OP.i32Add, OP.return,
  OP.end,
  ...get(1), ...i32(LANES), OP.i32Add, ...set(1), OP.br, 0,
  OP.end, OP.end,
  ...get(1), ...get(0), ...get(0), OP.call, 1, OP.end,
];

const body = (
  locals: readonly (readonly number[])[],
  code: readonly number[],
): number[] => {
  const bytes = [...vec(locals), ...code];
  return [...uleb(bytes.length), ...bytes];
};

/** The module: one memory, exported with `scan`; `isMarker` and `scalar` are internal. */
export function markerScanModuleBytes(): Uint8Array<ArrayBuffer> {
  const oneToOne = [FUNC_TYPE, ...vec([[I32]]), ...vec([[I32]])];
  const threeToOne = [
    FUNC_TYPE,
    ...vec([[I32], [I32], [I32]]),
    ...vec([[I32]]),
  ];
  return new Uint8Array([
    ...MAGIC_AND_VERSION,
    ...section(SECTION.type, vec([oneToOne, threeToOne])),
    ...section(SECTION.function, vec([[0], [1], [0]])),
    ...section(SECTION.memory, vec([[LIMITS_MIN_ONLY, 1]])),
    ...section(
      SECTION.export,
      vec([
        [...name('memory'), EXPORT_MEMORY, 0],
        [...name('scan'), EXPORT_FUNC, 2],
      ]),
    ),
    ...section(
      SECTION.code,
      vec([
        body([], isMarkerCode()),
        body([], scalarCode()),
        body(
          [
            [1, I32],
            [6, V128_TYPE],
          ],
          scanCode(),
        ),
      ]),
    ),
  ]);
}

const PAGE_BYTES = 64 * 1024;
/**
 * Bytes searched per call of the module: a longer chunk is searched in windows that overlap by
 * one byte (an 0xFF ending one window meets its successor in the next), so the module's memory,
 * which stays for the process, is bounded. The entropy scan's chunks are 1 MB, one window each.
 */
export const MARKER_SCAN_WINDOW_BYTES = 1024 * 1024;

export type MarkerIndex = (chunk: Uint8Array) => number;

interface ScanExports {
  readonly memory: WebAssembly.Memory;
  readonly scan: (length: number) => number;
}

/** The vector search, or undefined where this Node has no WebAssembly SIMD (the engine then keeps its own). */
export function wasmMarkerIndex(): MarkerIndex | undefined {
  const bytes = markerScanModuleBytes();
  if (typeof WebAssembly !== 'object' || !WebAssembly.validate(bytes))
    return undefined;
  const { memory, scan } = new WebAssembly.Instance(
    new WebAssembly.Module(bytes),
    {},
  ).exports as unknown as ScanExports;
  const windowBytes = MARKER_SCAN_WINDOW_BYTES + 1;
  memory.grow(
    Math.ceil(windowBytes / PAGE_BYTES) - memory.buffer.byteLength / PAGE_BYTES,
  );
  return (chunk) => {
    for (let at = 0; at < chunk.length; at += MARKER_SCAN_WINDOW_BYTES) {
      const window = chunk.subarray(at, at + windowBytes);
      new Uint8Array(memory.buffer, 0, window.length).set(window);
      const found = scan(window.length);
      if (found !== -1) return at + found;
    }
    return -1;
  };
}
