/**
 * Structural mutants of zip documents (issue 18): each takes a planted seed (every CANARY is
 * metadata; visible text never holds one) and respells it the way the attack did: member names
 * in another case, relationship targets with dot segments or percent-encoding, another namespace
 * prefix or the default namespace, comments, orphaned and unknown members, a member in two cases,
 * backslash separators, bytes after a deflate stream, unknown content types, a photo renamed.
 * The rule: a clean (no error) output holds no canary in any layer.
 */
import { deflateSync, strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { crc32 } from '../../workers/engine/shared/crc32';
import {
  METHOD_DEFLATED,
  newMember,
  writeZip,
  type OutMember,
} from '../../workers/engine/shared/zip';
import { syntheticDocx, syntheticPptx, syntheticXlsx } from './office-fixtures';
import { syntheticEpub, syntheticOdp } from './odf-fixtures';
import { materialize } from './zip-tools';
export { random } from './seeded-random';

export const MUTANT_CANARY = 'CANARY';

type Files = Record<string, Uint8Array>;

const pick = <T>(rng: () => number, list: readonly T[]): T =>
  list[Math.floor(rng() * list.length)]!;

export function zipSeeds(jpeg: Uint8Array): [string, Uint8Array][] {
  return [
    ['docx', syntheticDocx({ jpeg })],
    ['xlsx', syntheticXlsx()],
    ['pptx', syntheticPptx()],
    ['odp', syntheticOdp(jpeg)],
    ['epub', syntheticEpub(jpeg)],
  ];
}

const isXml = (name: string) => /\.(xml|rels|opf|ncx|xhtml)$/i.test(name);
const text = (files: Files, name: string) => strFromU8(files[name]!);

/** Every member that references `from` by name now references `to`. */
function retarget(files: Files, from: string, to: string): void {
  const base = (n: string) => n.slice(n.lastIndexOf('/') + 1);
  for (const name of Object.keys(files)) {
    if (!isXml(name) && name !== 'mimetype') continue;
    const t = text(files, name);
    if (t.includes(from)) files[name] = strToU8(t.split(from).join(to));
    else if (t.includes(`"${base(from)}"`))
      files[name] = strToU8(t.split(`"${base(from)}"`).join(`"${base(to)}"`));
  }
}

type Op = (files: Files, rng: () => number) => string;

const upperOne = (s: string, rng: () => number) => {
  const letters = [...s]
    .map((c, i) => [c, i] as const)
    .filter(([c]) => /[a-z]/.test(c));
  if (!letters.length) return s;
  const [, i] = pick(rng, letters);
  return s.slice(0, i) + s[i]!.toUpperCase() + s.slice(i + 1);
};

const OPS: Record<string, Op> = {
  renameCase(files, rng) {
    const name = pick(
      rng,
      Object.keys(files).filter((n) => n !== 'mimetype' && !n.startsWith('[')),
    );
    const to = upperOne(name, rng);
    files[to] = files[name]!;
    if (to !== name) delete files[name];
    return `member ${name} -> ${to}`;
  },
  respellTarget(files, rng) {
    const rels = Object.keys(files).filter(
      (n) => n.endsWith('.rels') || n.endsWith('.opf'),
    );
    if (!rels.length) return 'none';
    const name = pick(rng, rels);
    const spell = pick(rng, ['./', '%2E', 'case', 'dotdot']);
    const t = text(files, name).replace(
      /(Target|href)="([^":#]+)"/,
      (_m, attr: string, target: string) => {
        const slash = target.lastIndexOf('/');
        const file = target.slice(slash + 1);
        const folder = target.slice(0, slash + 1);
        const respelled =
          spell === './'
            ? `./${target}`
            : spell === '%2E'
              ? target.replace('.', '%2E')
              : spell === 'case'
                ? target.toUpperCase()
                : `${folder}../${folder.split('/').filter(Boolean).pop() ?? '.'}/${file}`;
        return `${attr}="${respelled}"`;
      },
    );
    files[name] = strToU8(t);
    return `target in ${name} spelled ${spell}`;
  },
  prefix(files, rng) {
    const xml = Object.keys(files).filter(
      (n) => /\.xml$/i.test(n) && !n.startsWith('['),
    );
    const name = pick(rng, xml);
    const t = text(files, name);
    const m = /xmlns:(\w+)="([^"]+)"/.exec(t);
    if (!m) return 'none';
    const [, p] = m;
    const to = rng() < 0.5 ? 'zz' : '';
    const re = new RegExp(`(<\\/?)${p}:`, 'g');
    let out = t.replace(re, to ? `$1${to}:` : '$1');
    out = out.replace(
      new RegExp(`(\\s)${p}:(?=[\\w-]+=)`, 'g'),
      `$1${to || p}:`,
    );
    out = out.replace(`xmlns:${p}=`, to ? `xmlns:${to}=` : 'xmlns=');
    if (!to)
      out = out.replace(/(<[^?!][^>]*?)(\/?>)/, `$1 xmlns:${p}="${m[2]}"$2`);
    files[name] = strToU8(out);
    return `prefix ${p} -> ${to || '(default)'} in ${name}`;
  },
  comment(files, rng) {
    const name = pick(rng, Object.keys(files).filter(isXml));
    const t = text(files, name);
    const at =
      t.indexOf('>', t.indexOf('<', t.startsWith('<?') ? 2 : 0) + 1) + 1;
    files[name] = strToU8(
      `${t.slice(0, at)}<!-- ${MUTANT_CANARY}_COMMENT -->${t.slice(at)}`,
    );
    return `comment in ${name}`;
  },
  orphan(files, rng) {
    const name = pick(
      rng,
      Object.keys(files).filter((n) => files[n]!.length > 0),
    );
    const to = name.replace(/(\.\w+)?$/, '2$1');
    files[to] = strToU8(`<x>${MUTANT_CANARY}_ORPHAN</x>`);
    return `orphan ${to}`;
  },
  unknown(files, rng) {
    const folder = pick(rng, [
      '',
      'word/',
      'META-INF/',
      'OEBPS/',
      'docProps/',
      'xl/',
    ]);
    const name = `${folder}${pick(rng, ['notes.txt', 'x.bin', 'Metadata.XML', 'iTunesMetadata.PLIST'])}`;
    files[name] = strToU8(`${MUTANT_CANARY}_UNKNOWN`);
    return `unknown ${name}`;
  },
  caseTwin(files, rng) {
    const name = pick(
      rng,
      Object.keys(files).filter((n) => /[a-z]/.test(n) && n !== 'mimetype'),
    );
    files[name.toUpperCase()] = strToU8(`<x>${MUTANT_CANARY}_TWIN</x>`);
    return `case twin of ${name}`;
  },
  unknownType(files) {
    const name = '[Content_Types].xml';
    if (!files[name]) return 'none';
    files[name] = strToU8(
      text(files, name).replace(
        /ContentType="image\/jpeg"/,
        'ContentType="application/x-unknown"',
      ),
    );
    return 'jpeg typed unknown';
  },
  photoRenamed(files) {
    const photo = Object.keys(files).find((n) => /\.jpe?g$/i.test(n));
    if (!photo) return 'none';
    const to = photo.replace(/\.jpe?g$/i, '');
    files[to] = files[photo]!;
    delete files[photo];
    retarget(
      files,
      photo.slice(photo.lastIndexOf('/') + 1),
      to.slice(to.lastIndexOf('/') + 1),
    );
    return `photo ${photo} -> ${to}`;
  },
  attribute(files, rng) {
    const name = pick(
      rng,
      Object.keys(files).filter((n) => /\.xml$/i.test(n) && !n.startsWith('[')),
    );
    const t = text(files, name);
    const at = t.search(/<[a-zA-Z][^>]*?(\/?)>/);
    if (at < 0) return 'none';
    const end = t.indexOf('>', at);
    const close = t[end - 1] === '/' ? end - 1 : end;
    files[name] = strToU8(
      `${t.slice(0, close)} xmlns:q9="urn:unknown" q9:note="${MUTANT_CANARY}_ATTR"${t.slice(close)}`,
    );
    return `unknown attribute in ${name}`;
  },
};

/** How the mutant is written: by fflate, with backslash names, or with bytes after a stream. */
const WRITERS = ['fflate', 'backslash', 'trailing'] as const;

export interface Mutant {
  readonly bytes: Uint8Array;
  readonly ops: readonly string[];
}

export async function mutate(
  seed: Uint8Array,
  rng: () => number,
): Promise<Mutant> {
  const files = unzipSync(seed);
  const ops: string[] = [];
  const count = 1 + Math.floor(rng() * 3);
  for (let i = 0; i < count; i++) {
    const [label, op] = pick(rng, Object.entries(OPS));
    ops.push(`${label}: ${op(files, rng)}`);
  }
  const writer = rng() < 0.8 ? 'fflate' : pick(rng, WRITERS);
  ops.push(`written by ${writer}`);
  if (writer === 'fflate') {
    const ordered: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {};
    if (files['mimetype'])
      ordered['mimetype'] = [files['mimetype'], { level: 0 }];
    for (const [n, b] of Object.entries(files))
      if (n !== 'mimetype') ordered[n] = b;
    return { bytes: zipSync(ordered), ops };
  }
  const victim = pick(rng, Object.keys(files));
  const list: OutMember[] = Object.entries(files).map(([name, bytes]) => {
    const written = writer === 'backslash' ? name.replace(/\//g, '\\') : name;
    if (name === 'mimetype') return newMember(written, bytes, false);
    if (writer !== 'trailing' || name !== victim)
      return newMember(written, bytes);
    const stream = deflateSync(bytes);
    const tail = strToU8(`${MUTANT_CANARY}_TRAILING`);
    const data = new Uint8Array(stream.length + tail.length);
    data.set(stream);
    data.set(tail, stream.length);
    return {
      name,
      method: METHOD_DEFLATED,
      crc32: crc32(bytes),
      uncompressedSize: bytes.length,
      data: [{ kind: 'bytes', data }],
    };
  });
  return { bytes: await materialize(new Uint8Array(0), writeZip(list)), ops };
}

const utf16 = (s: string) => Buffer.from(s, 'utf16le');

/** Where the canary is in a zip: raw (UTF-8, UTF-16LE), and in every member inflated, nested zips too. */
export function canaryLayers(zip: Uint8Array, depth = 0): string[] {
  const found: string[] = [];
  const raw = Buffer.from(zip);
  if (raw.includes(MUTANT_CANARY) || raw.includes(utf16(MUTANT_CANARY)))
    found.push(depth ? 'nested raw bytes' : 'raw bytes');
  let files: Files;
  try {
    files = unzipSync(zip);
  } catch {
    return found;
  }
  for (const [name, bytes] of Object.entries(files)) {
    const b = Buffer.from(bytes);
    if (b.includes(MUTANT_CANARY) || b.includes(utf16(MUTANT_CANARY)))
      found.push(name);
    if (depth < 2 && bytes[0] === 0x50 && bytes[1] === 0x4b)
      found.push(
        ...canaryLayers(bytes, depth + 1).map((n) => `${name} / ${n}`),
      );
  }
  return found;
}
