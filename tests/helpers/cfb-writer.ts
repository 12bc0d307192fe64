/**
 * A small Compound File Binary writer ([MS-CFB], version 3, 512-byte sectors) for fixtures:
 * streams by path, storages made as their paths need, small streams in the mini stream. It
 * writes each storage's children as a chain of right siblings (a valid tree, not a balanced
 * one) and returns where it put the tables, so hostile tests can break them.
 */
const SECTOR = 512;
const MINI = 64;
const CUTOFF = 4096;
const DIR_ENTRY = 128;
const END = 0xfffffffe;
const FREE = 0xffffffff;
const FATSECT = 0xfffffffd;
const NOSTREAM = 0xffffffff;

export interface CfbStream {
  readonly path: readonly string[];
  readonly data: Uint8Array;
}

export interface WrittenCfb {
  readonly bytes: Uint8Array;
  /** File offsets of the first FAT sector and of the first directory sector. */
  readonly fatAt: number;
  readonly dirAt: number;
}

interface Node {
  name: string;
  type: 1 | 2 | 5;
  children: Node[];
  data?: Uint8Array;
  start?: number;
  index?: number;
}

/** [MS-CFB] 2.6.4: siblings compare by name length, then by upper-cased name. */
const compare = (a: Node, b: Node): number =>
  a.name.length - b.name.length ||
  (a.name.toUpperCase() < b.name.toUpperCase() ? -1 : 1);

export function writeCfb(
  streams: readonly CfbStream[],
  options: { dated?: boolean } = {},
): WrittenCfb {
  const root: Node = { name: 'Root Entry', type: 5, children: [] };
  for (const s of streams) {
    let at = root;
    for (const part of s.path.slice(0, -1)) {
      let next = at.children.find((c) => c.name === part);
      if (!next) {
        next = { name: part, type: 1, children: [] };
        at.children.push(next);
      }
      at = next;
    }
    at.children.push({
      name: s.path.at(-1)!,
      type: 2,
      children: [],
      data: s.data,
    });
  }
  const nodes: Node[] = [];
  const number = (n: Node): void => {
    n.index = nodes.length;
    nodes.push(n);
    n.children.sort(compare).forEach(number);
  };
  number(root);

  const mini: number[] = [];
  const miniChunks: Uint8Array[] = [];
  const big: Node[] = [];
  for (const n of nodes) {
    if (n.type !== 2) continue;
    if (n.data!.length >= CUTOFF) {
      big.push(n);
      continue;
    }
    const count = Math.ceil(n.data!.length / MINI);
    n.start = count === 0 ? END : mini.length;
    for (let i = 0; i < count; i++)
      mini.push(i === count - 1 ? END : mini.length + 1);
    const padded = new Uint8Array(count * MINI);
    padded.set(n.data!);
    miniChunks.push(padded);
  }
  const miniStream = new Uint8Array(mini.length * MINI);
  let p = 0;
  for (const c of miniChunks) {
    miniStream.set(c, p);
    p += c.length;
  }
  const sectorsOf = (bytes: number): number => Math.ceil(bytes / SECTOR);
  const dirSectors = sectorsOf(nodes.length * DIR_ENTRY);
  const miniFatSectors = sectorsOf(mini.length * 4);
  const miniStreamSectors = sectorsOf(miniStream.length);
  const bigSectors = big.reduce((n, b) => n + sectorsOf(b.data!.length), 0);
  const content = dirSectors + miniFatSectors + miniStreamSectors + bigSectors;
  let fatSectors = 1;
  while (fatSectors * (SECTOR / 4) < fatSectors + content) fatSectors++;
  const total = fatSectors + content;
  const fat = new Uint32Array(fatSectors * (SECTOR / 4)).fill(FREE);
  let next = 0;
  const run = (count: number): number => {
    if (count === 0) return END;
    const start = next;
    for (let i = 0; i < count; i++)
      fat[next + i] = i === count - 1 ? END : next + i + 1;
    next += count;
    return start;
  };
  for (let i = 0; i < fatSectors; i++) fat[next++] = FATSECT;
  const dirStart = run(dirSectors);
  const miniFatStart = run(miniFatSectors);
  root.start = run(miniStreamSectors);
  for (const b of big) b.start = run(sectorsOf(b.data!.length));

  const out = new Uint8Array((total + 1) * SECTOR);
  const view = new DataView(out.buffer);
  out.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  view.setUint16(24, 0x003e, true);
  view.setUint16(26, 3, true);
  view.setUint16(28, 0xfffe, true);
  view.setUint16(30, 9, true);
  view.setUint16(32, 6, true);
  view.setUint32(44, fatSectors, true);
  view.setUint32(48, dirStart, true);
  view.setUint32(56, CUTOFF, true);
  view.setUint32(60, miniFatSectors ? miniFatStart : END, true);
  view.setUint32(64, miniFatSectors, true);
  view.setUint32(68, END, true);
  for (let i = 0; i < 109; i++)
    view.setUint32(76 + i * 4, i < fatSectors ? i : FREE, true);
  const at = (sector: number): number => (sector + 1) * SECTOR;
  fat.forEach((v, i) => view.setUint32(at(0) + i * 4, v, true));
  mini.forEach((v, i) => view.setUint32(at(miniFatStart) + i * 4, v, true));
  out.set(miniStream, at(root.start));
  for (const b of big) out.set(b.data!, at(b.start!));
  const right = new Map<Node, number>();
  for (const n of nodes)
    n.children.forEach((c, i) => {
      const sibling = n.children[i + 1]?.index;
      if (sibling !== undefined) right.set(c, sibling);
    });
  for (let i = nodes.length; i < dirSectors * (SECTOR / DIR_ENTRY); i++)
    for (const field of [68, 72, 76])
      view.setUint32(at(dirStart) + i * DIR_ENTRY + field, NOSTREAM, true);
  for (const n of nodes) {
    const e = at(dirStart) + n.index! * DIR_ENTRY;
    for (let i = 0; i < n.name.length; i++)
      view.setUint16(e + i * 2, n.name.charCodeAt(i), true);
    view.setUint16(e + 64, (n.name.length + 1) * 2, true);
    out[e + 66] = n.type;
    out[e + 67] = 1;
    view.setUint32(e + 68, NOSTREAM, true);
    view.setUint32(e + 72, right.get(n) ?? NOSTREAM, true);
    view.setUint32(e + 76, n.children[0]?.index ?? NOSTREAM, true);
    if (options.dated && n.type !== 2)
      view.setUint32(e + 108, 0x01d00000, true);
    view.setUint32(e + 116, n.type === 1 ? 0 : (n.start ?? END), true);
    view.setUint32(
      e + 120,
      n.type === 5 ? miniStream.length : n.type === 2 ? n.data!.length : 0,
      true,
    );
  }
  return { bytes: out, fatAt: at(0), dirAt: at(dirStart) };
}
