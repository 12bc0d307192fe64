/**
 * Shared by WAV (RIFF, little-endian) and AIFF (IFF FORM, big-endian): walk the top-level form's
 * chunks, keep the ones a player needs in their order, drop the rest, and write a new form header
 * with the fixed size. Bytes after the form (tags some tools append) are dropped too.
 */
import type { ByteSource } from '../../byte-source';
import { ascii, concatBytes } from '../../bytes';
import { EngineError, corrupt } from '../../errors';
import { finding, type Finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import { OutputBuilder, type OutputPlan } from '../../output-plan';
import {
  FORM_TYPE_BYTES,
  chunkHeader,
  readChildren,
  readChunkAt,
  type RiffChunk,
  type RiffEndian,
} from './chunks';

export interface FormRules {
  readonly endian: RiffEndian;
  readonly formId: string;
  readonly formTypes: readonly string[];
  readonly keep: ReadonlySet<string>;
  /** Chunks without which the file is no audio file (`fmt ` and `data`, `COMM`). */
  readonly required: readonly string[];
  /** What a dropped chunk held, for the report; every payload is under the metadata limit. */
  describe(
    chunk: RiffChunk,
    payload: () => Promise<Uint8Array>,
  ): Promise<Finding[]>;
  /** What a kept chunk holds that the report lists as kept on purpose. */
  describeKept?(
    chunk: RiffChunk,
    payload: () => Promise<Uint8Array>,
  ): Promise<Finding[]>;
  /**
   * A kept chunk too large to read (sound data) written as a new head and a range of the input,
   * without what lies around its samples, or null as it is; `kept` are every chunk of the form
   * that is kept, before it or after it (AIFF 1.3 puts its chunks in any order).
   */
  trimKept?(
    chunk: RiffChunk,
    read: (at: number, length: number) => Promise<Uint8Array>,
    kept: readonly RiffChunk[],
    formType: string,
  ): Promise<TrimmedChunk | null>;
  /** A kept chunk's payload written anew without what it must not carry, or null as it is. */
  rewriteKept?(
    chunk: RiffChunk,
    payload: () => Promise<Uint8Array>,
    formType: string,
  ): Promise<KeptPayload | null>;
}

export interface KeptPayload {
  readonly bytes: Uint8Array;
  readonly findings: readonly Finding[];
}

/** A chunk written as `head`, then the input's bytes [from, to). */
export interface TrimmedChunk {
  readonly head: Uint8Array;
  readonly from: number;
  readonly to: number;
  readonly findings: readonly Finding[];
}

export interface FormScan {
  readonly form: RiffChunk;
  readonly kept: RiffChunk[];
  /** New payloads of kept chunks, by the chunk's offset. */
  readonly rewritten: Map<number, Uint8Array>;
  /** Kept chunks written as a new head and a range of the input, by the chunk's offset. */
  readonly trimmed: Map<number, TrimmedChunk>;
  readonly findings: Finding[];
}

/** Trailing bytes read for the report; zero padding there is not a finding. */
const TRAILING_PROBE_BYTES = 64 * 1024;

export async function scanForm(
  src: ByteSource,
  rules: FormRules,
  signal?: AbortSignal,
): Promise<FormScan> {
  const form = await readChunkAt(src, 0, src.size, rules.endian);
  if (
    form.id !== rules.formId ||
    !rules.formTypes.includes(form.listType ?? '')
  )
    throw corrupt(`not a ${rules.formId} ${rules.formTypes.join('/')} file`);
  const kept: RiffChunk[] = [];
  const rewritten = new Map<number, Uint8Array>();
  const trimmed = new Map<number, TrimmedChunk>();
  const findings: Finding[] = [];
  const children = await readChildren(src, form, {
    endian: rules.endian,
    signal,
  });
  const keeps = children.filter((c) => rules.keep.has(c.id));
  for (const chunk of children) {
    const read = () => payload(src, chunk);
    if (!rules.keep.has(chunk.id)) {
      for (const item of await rules.describe(chunk, read)) findings.push(item);
      continue;
    }
    const trim = await rules.trimKept?.(
      chunk,
      (at, length) => src.readExact(at, length),
      keeps,
      form.listType!,
    );
    kept.push(chunk);
    if (trim) {
      trimmed.set(chunk.offset, trim);
      for (const item of trim.findings) findings.push(item);
      continue;
    }
    for (const item of (await rules.describeKept?.(chunk, read)) ?? [])
      findings.push(item);
    const rewrite = await rules.rewriteKept?.(chunk, read, form.listType!);
    if (!rewrite) continue;
    rewritten.set(chunk.offset, rewrite.bytes);
    for (const item of rewrite.findings) findings.push(item);
  }
  const missing = rules.required.filter((id) => !kept.some((c) => c.id === id));
  if (missing.length > 0) throw corrupt(`no ${missing.join(', ')} chunk`);
  for (const item of await trailingFindings(src, form.end)) findings.push(item);
  return { form, kept, rewritten, trimmed, findings };
}

function payload(src: ByteSource, chunk: RiffChunk): Promise<Uint8Array> {
  if (chunk.size > MAX_METADATA_BYTES)
    throw new EngineError('too-large', `chunk ${chunk.id} at ${chunk.offset}`);
  return src.readExact(chunk.dataOffset, chunk.size);
}

/**
 * Bytes after the last top-level chunk, which no reader looks at (tags some tools append, or
 * padding): a finding, to be dropped, unless they are a little zero padding.
 */
export async function trailingFindings(
  src: ByteSource,
  formEnd: number,
): Promise<Finding[]> {
  if (formEnd >= src.size) return [];
  const probe = await src.read(formEnd, TRAILING_PROBE_BYTES);
  const blank =
    src.size - formEnd <= TRAILING_PROBE_BYTES && probe.every((b) => b === 0);
  const value = `${src.size - formEnd} bytes`;
  return blank
    ? []
    : [
        finding(
          'other.data',
          'trailing data',
          `after the ${formEnd}-byte form`,
          value,
        ),
      ];
}

/** A chunk with a new payload: header, payload and the pad byte an odd size needs. */
function chunkWith(id: string, payload: Uint8Array, endian: RiffEndian) {
  const pad = new Uint8Array(payload.length % 2);
  return concatBytes([chunkHeader(id, payload.length, endian), payload, pad]);
}

type Piece =
  Uint8Array | RiffChunk | { readonly from: number; readonly to: number };

const pieceBytes = (p: Piece) =>
  p instanceof Uint8Array
    ? p.length
    : 'offset' in p
      ? p.end - p.offset
      : p.to - p.from;

/** A trimmed chunk: its header and head, its range of the input, and the pad an odd size needs. */
function trimmedPieces(
  id: string,
  trim: TrimmedChunk,
  endian: RiffEndian,
): Piece[] {
  const size = trim.head.length + trim.to - trim.from;
  const pieces: Piece[] = [
    concatBytes([chunkHeader(id, size, endian), trim.head]),
    { from: trim.from, to: trim.to },
  ];
  return size % 2 ? [...pieces, new Uint8Array(1)] : pieces;
}

export function formPlan(scan: FormScan, rules: FormRules): OutputPlan {
  const pieces = scan.kept.flatMap((chunk): Piece[] => {
    const trim = scan.trimmed.get(chunk.offset);
    if (trim) return trimmedPieces(chunk.id, trim, rules.endian);
    const payload = scan.rewritten.get(chunk.offset);
    return [payload ? chunkWith(chunk.id, payload, rules.endian) : chunk];
  });
  const size = FORM_TYPE_BYTES + pieces.reduce((n, p) => n + pieceBytes(p), 0);
  const header = concatBytes([
    chunkHeader(rules.formId, size, rules.endian),
    ascii(scan.form.listType!),
  ]);
  const out = new OutputBuilder().push(header);
  for (const piece of pieces) {
    if (piece instanceof Uint8Array) out.push(piece);
    else if ('offset' in piece) out.copy(piece.offset, piece.end);
    else out.copy(piece.from, piece.to);
  }
  return out.build();
}
