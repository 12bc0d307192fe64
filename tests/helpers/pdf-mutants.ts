/**
 * PDF mutants for the leak rule "an output the engine calls clean holds no canary in any layer":
 * a seed with a canary in every metadata place, mutated where a careless cleaner decides (key
 * spellings, indirect values, string encodings) and at the byte level (flips, cuts, copies), from
 * a fixed seed so a failure can be replayed by its index.
 */
import { cleanOutcome } from './fuzz-engine';
import { buildPdf, xmpPacket, type PdfBody } from './pdf-fixtures';
import { leakedCanaries, pdfLayers } from './pdf-layers';
import { random } from './seeded-random';

/** Every canary the seed plants; none may be in a clean output. */
export const MUTANT_CANARIES = [
  'CANARY_M_INFO',
  'CANARY_M_XMP',
  'CANARY_M_HIDDEN_XMP',
  'CANARY_M_CATALOG',
  'CANARY_M_PAGE',
  'CANARY_M_ANNOT_T',
  'CANARY_M_ANNOT_KEY',
  'CANARY_M_FORM',
  'CANARY_M_PTEX',
  'CANARY_M_PTEX_INFO',
  'CANARY_M_FILESPEC',
  'CANARY_M_PATH',
  'CANARY_M_URI',
  'CANARY_M_OC',
  'CANARY_M_SIGNER',
  'CANARY_M_DSS',
  'CANARY_M_PIECE',
];

/** The seed as object bodies: every place above, each holding its canary. */
export function seedBodies(): Map<number, PdfBody> {
  return new Map<number, PdfBody>([
    [
      1,
      '<< /Type /Catalog /Pages 2 0 R /Metadata 10 0 R /MyKey (CANARY_M_CATALOG) ' +
        '/AcroForm << /Fields [14 0 R] /SigFlags 3 >> /DSS << /Certs [16 0 R] >> ' +
        '/OCProperties << /OCGs [17 0 R] /D << /Order [17 0 R] >> >> >>',
    ],
    [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [
      3,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Annots [7 0 R 8 0 R 14 0 R] ' +
        '/Resources << /Font << /F1 5 0 R >> /XObject << /Fm1 6 0 R >> /Properties << /P0 11 0 R >> >> ' +
        '/PieceInfo << /App << /Private (CANARY_M_PIECE) >> >> /MyKey (CANARY_M_PAGE) >>',
    ],
    [
      4,
      {
        dict: '',
        data: Buffer.from(
          'BT /F1 18 Tf 20 150 Td (Seed words) Tj ET /Fm1 Do',
          'latin1',
        ),
        flate: true,
      },
    ],
    [5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
    [
      6,
      {
        dict: '/Type /XObject /Subtype /Form /BBox [0 0 50 50] /MyKey (CANARY_M_FORM) /PTEX.FileName (/home/CANARY_M_PTEX/fig.pdf) /PTEX.InfoDict 12 0 R',
        data: Buffer.from('0 0 10 10 re f', 'latin1'),
      },
    ],
    [
      7,
      '<< /Type /Annot /Subtype /Text /Rect [10 10 30 30] /Contents (A note) /T (CANARY_M_ANNOT_T) /MyKey (CANARY_M_ANNOT_KEY) /M (D:20200101000000Z) >>',
    ],
    [
      8,
      '<< /Type /Annot /Subtype /Link /Rect [40 10 80 30] /A << /S /GoToR /D [0 /Fit] /F 13 0 R >> >>',
    ],
    [
      10,
      {
        dict: '/Type /Metadata /Subtype /XML',
        data: xmpPacket('CANARY_M_XMP'),
      },
    ],
    [11, { dict: '', data: xmpPacket('CANARY_M_HIDDEN_XMP'), flate: true }],
    [12, '<< /Author (CANARY_M_PTEX_INFO) /Producer (pdfTeX) >>'],
    [
      13,
      '<< /Type /Filespec /F (C:\\\\Users\\\\CANARY_M_PATH\\\\other.pdf) /UF (other.pdf) /MyKey (CANARY_M_FILESPEC) >>',
    ],
    [
      14,
      '<< /Type /Annot /Subtype /Widget /FT /Sig /T (Sig1) /V 15 0 R /Rect [0 0 0 0] /P 3 0 R ' +
        '/A << /S /URI /URI (file:///home/CANARY_M_URI/x.pdf) >> >>',
    ],
    [
      15,
      '<< /Type /Sig /Name (CANARY_M_SIGNER) /ByteRange [0 1 2 1] /Contents <00> >>',
    ],
    [16, { dict: '', data: Buffer.from('CN=CANARY_M_DSS', 'latin1') }],
    [
      17,
      '<< /Type /OCG /Name (Layer) /Usage << /CreatorInfo << /Creator (CANARY_M_OC) /Subtype /Artwork >> >> >>',
    ],
    [
      20,
      '<< /Author (CANARY_M_INFO) /Creator (CANARY_M_INFO) /CreationDate (D:20200101000000Z) >>',
    ],
  ]);
}

const TRAILER = '/Root 1 0 R /Info 20 0 R';

type Pick = <T>(items: readonly T[]) => T;

/** A key inside a body text, at random: `/Name` followed by a delimiter or white-space. */
function keyAt(text: string, rnd: () => number): RegExpExecArray | null {
  const keys = [...text.matchAll(/\/([A-Za-z][A-Za-z0-9.]*)(?=[\s/<[(])/g)];
  if (!keys.length) return null;
  return keys[Math.floor(rnd() * keys.length)]! as RegExpExecArray;
}

/** Structural mutations of one body's text; each returns the new text and a description. */
const TEXT_MUTATIONS: ((
  text: string,
  rnd: () => number,
  pick: Pick,
  next: () => number,
  extra: Map<number, PdfBody>,
) => [string, string] | null)[] = [
  // A key spelled with #xx escapes: the same name to a reader (7.3.5).
  (text, rnd) => {
    const m = keyAt(text, rnd);
    if (!m) return null;
    const name = m[1]!;
    const i = Math.floor(rnd() * name.length);
    const escaped = `${name.slice(0, i)}#${name.charCodeAt(i).toString(16)}${name.slice(i + 1)}`;
    return [
      text.slice(0, m.index + 1) +
        escaped +
        text.slice(m.index + 1 + name.length),
      `escape /${name}`,
    ];
  },
  // A key renamed: one character added, so it becomes a key no rule names.
  (text, rnd, pick) => {
    const m = keyAt(text, rnd);
    if (!m) return null;
    const name = m[1]!;
    const renamed = pick([
      `${name}X`,
      `X${name}`,
      name.toLowerCase(),
      `${name}.1`,
    ]);
    return [
      text.slice(0, m.index + 1) +
        renamed +
        text.slice(m.index + 1 + name.length),
      `rename /${name} to /${renamed}`,
    ];
  },
  // A value moved into an object of its own and referenced (7.3.10).
  (text, rnd, _pick, next, extra) => {
    const values = [
      ...text.matchAll(
        /\/[A-Za-z.]+\s+(\/[A-Za-z0-9]+|\([^()\\]*\)|\[[^\][]*\])/g,
      ),
    ];
    if (!values.length) return null;
    const m = values[Math.floor(rnd() * values.length)]!;
    const value = m[1]!;
    const n = next();
    extra.set(n, value);
    const at = m.index + m[0].length - value.length;
    return [
      `${text.slice(0, at)}${n} 0 R${text.slice(at + value.length)}`,
      `indirect ${m[0].slice(0, 40)}`,
    ];
  },
  // A literal string written as hex, or as UTF-16BE hex with its byte-order mark (7.9.2.2).
  (text, rnd, pick) => {
    const strings = [...text.matchAll(/\(([^()\\]*)\)/g)];
    if (!strings.length) return null;
    const m = strings[Math.floor(rnd() * strings.length)]!;
    const s = m[1]!;
    const wide = pick([false, true]);
    const hex = wide
      ? `FEFF${Buffer.from(s, 'utf16le').swap16().toString('hex')}`
      : Buffer.from(s, 'latin1').toString('hex');
    return [
      `${text.slice(0, m.index)}<${hex}>${text.slice(m.index + m[0].length)}`,
      `${wide ? 'UTF-16BE' : 'hex'} string ${s.slice(0, 30)}`,
    ];
  },
  // A name value changed to another, as a writer that does not follow the standard might.
  (text, rnd, pick) => {
    const m = /\/(Type|Subtype|S|FT)\s+\/([A-Za-z]+)/.exec(
      text.slice(Math.floor(rnd() * text.length)),
    );
    if (!m) return null;
    const from = m[0];
    const to = `/${m[1]} /${pick(['Annot', 'XObject', 'Page', 'Filespec', 'Metadata', 'Foo'])}`;
    return [text.replace(from, to), `${from} -> ${to}`];
  },
];

/** Byte mutations of the whole file: a cross-reference that no longer fits must be rebuilt. */
function byteMutation(
  bytes: Uint8Array,
  rnd: () => number,
  pick: Pick,
): [Uint8Array, string] {
  const b = Buffer.from(bytes);
  const at = Math.floor(rnd() * b.length);
  const len = 1 + Math.floor(rnd() * 64);
  switch (pick(['flip', 'cut', 'copy', 'truncate', 'space'] as const)) {
    case 'flip': {
      const out = Buffer.from(b);
      out[at] = out[at]! ^ (1 << Math.floor(rnd() * 8));
      return [out, `flip byte ${at}`];
    }
    case 'cut':
      return [
        Buffer.concat([b.subarray(0, at), b.subarray(at + len)]),
        `cut ${len} at ${at}`,
      ];
    case 'copy': {
      const to = Math.floor(rnd() * b.length);
      return [
        Buffer.concat([
          b.subarray(0, to),
          b.subarray(at, at + len),
          b.subarray(to),
        ]),
        `copy ${len} from ${at} to ${to}`,
      ];
    }
    case 'truncate':
      return [b.subarray(0, at), `truncate at ${at}`];
    case 'space':
      return [
        Buffer.concat([b.subarray(0, at), Buffer.from(' \n'), b.subarray(at)]),
        `insert white-space at ${at}`,
      ];
  }
}

export type MutantOutcome =
  | { readonly kind: 'error'; readonly code: string }
  | { readonly kind: 'clean'; readonly leaked: string[] }
  | { readonly kind: 'crash'; readonly error: string };

/**
 * Cleans one mutant through the module without the engine's catch-all (a crash stays a crash)
 * and, when it comes out clean, lists the canaries left in any layer of the output.
 */
export async function judge(
  bytes: Uint8Array,
  withQpdf = false,
): Promise<MutantOutcome> {
  let output: Uint8Array;
  try {
    const outcome = await cleanOutcome(bytes);
    if (outcome.kind === 'error') return { kind: 'error', code: outcome.code };
    output = outcome.output;
  } catch (error) {
    return { kind: 'crash', error: String(error).slice(0, 300) };
  }
  return {
    kind: 'clean',
    leaked: leakedCanaries(pdfLayers(output, withQpdf), MUTANT_CANARIES),
  };
}

export interface Mutant {
  readonly index: number;
  readonly bytes: Uint8Array;
  readonly how: string;
}

/** Mutant `index` of the campaign `seed`: one to three structural edits, then maybe a byte edit. */
export function mutant(seed: number, index: number): Mutant {
  const rnd = random(seed * 1_000_003 + index);
  const pick: Pick = (items) => items[Math.floor(rnd() * items.length)]!;
  const bodies = seedBodies();
  let free = 100;
  const next = () => free++;
  const how: string[] = [];
  const edits = 1 + Math.floor(rnd() * 3);
  for (let e = 0; e < edits; e++) {
    const n = pick([...bodies.keys()]);
    const body = bodies.get(n)!;
    const text = typeof body === 'string' ? body : body.dict;
    const extra = new Map<number, PdfBody>();
    const result = pick(TEXT_MUTATIONS)(text, rnd, pick, next, extra);
    if (!result) continue;
    bodies.set(
      n,
      typeof body === 'string' ? result[0] : { ...body, dict: result[0] },
    );
    for (const [k, v] of extra) bodies.set(k, v);
    how.push(`obj ${n}: ${result[1]}`);
  }
  let bytes = buildPdf(bodies, TRAILER);
  if (rnd() < 0.35) {
    const [mutated, what] = byteMutation(bytes, rnd, pick);
    bytes = new Uint8Array(mutated);
    how.push(what);
  }
  return { index, bytes, how: how.join('; ') };
}
