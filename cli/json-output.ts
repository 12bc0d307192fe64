import type { Finding, Sniffed } from '../workers/engine/index';
import type { Sidecar } from '../workers/engine/sidecars';
import type { SkipReason } from './walk';
import { typedValue } from './json-value';
import { nameRisks, type NameRisk } from '../workers/engine/file-name';
import { basename } from 'node:path';
import type { JsonContent } from './content-hashes';
import type { FindAnswer } from '../workers/engine/find/find-words';

/**
 * `--json` output: one JSON object per file on its own line (NDJSON), written as each file
 * finishes, of one shape in every mode. `docs/json.md` describes it and
 * `docs/metaclean-output.schema.json` is its JSON Schema; a change that breaks a reader raises
 * JSON_SCHEMA_VERSION.
 */
export const JSON_SCHEMA_VERSION = 1;

/** What happened to the file, one word a script can switch on. */
export type FileStatus =
  | 'cleaned'
  | 'already-clean'
  | 'inspected'
  | 'restored'
  | 'skipped'
  | 'failed'
  /** `--find` left a word in a hidden place of the copy, which was removed. */
  | 'not-clean';

export interface JsonFinding {
  readonly category: string;
  /** What the finding describes, from the engine's field vocabulary (`gps.position`). */
  readonly field: string;
  /** The file inside this one that the finding belongs to (a photo inside a document). */
  readonly item?: { readonly name: string; readonly kind: string };
  readonly label: string;
  readonly location: string;
  readonly value?: string;
  /** `value` read as numbers, where its field's form allows (see json-value.ts). */
  readonly position?: { readonly lat: number; readonly lon: number };
  readonly date?: string;
  readonly number?: number;
  readonly unit?: string;
  readonly kept?: string;
}

export interface FileRecord {
  readonly schema: typeof JSON_SCHEMA_VERSION;
  readonly file: string;
  readonly status: FileStatus;
  readonly format?: { readonly id: string; readonly mime: string };
  readonly output?: string;
  readonly patchedBytes?: number;
  readonly rewritten?: true;
  readonly removed?: readonly JsonFinding[];
  readonly kept?: readonly JsonFinding[];
  readonly findings?: readonly JsonFinding[];
  readonly skipped?: string;
  /** Why it was skipped, one word a script can switch on. */
  readonly reason?: SkipReason;
  /** A sidecar left out: its kind, and the file it belongs to when that file is beside it. */
  readonly sidecar?: Sidecar;
  /** What the input's name gives away (`date`, `time`, `person`, `contact`, `device`). */
  readonly nameRisks?: readonly NameRisk[];
  /** The content kept byte for byte and its SHA-256 (`--json` after a clean, and `--inspect`). */
  readonly content?: JsonContent;
  /** `--find`: per word, the places it was in the input and is in the copy; `clean` false when one is hidden. */
  readonly find?: FindAnswer;
  readonly error?: {
    readonly code: string;
    readonly detail: string;
    /** `uncleanable-part`: the parts (attachments) that --drop-uncleanable would remove. */
    readonly parts?: readonly string[];
  };
}

/** One file's result in the engine's terms, as the command line collected it. */
export interface Outcome {
  readonly file: string;
  readonly format?: Sniffed;
  readonly output?: string;
  readonly patchedBytes?: number;
  /** --in-place replaced the file by its cleaned copy instead of patching it. */
  readonly rewritten?: true;
  readonly restored?: boolean;
  readonly removed?: readonly Finding[];
  readonly kept?: readonly Finding[];
  readonly findings?: readonly Finding[];
  readonly error?: { code: string; detail: string; parts?: readonly string[] };
  readonly skipped?: string;
  readonly reason?: SkipReason;
  readonly sidecar?: Sidecar;
  readonly content?: JsonContent;
  readonly find?: FindAnswer;
}

function statusOf(o: Outcome): FileStatus {
  if (o.error) return 'failed';
  if (o.skipped) return 'skipped';
  if (o.restored) return 'restored';
  if (o.findings) return 'inspected';
  if (o.find && !o.find.clean) return 'not-clean';
  return (o.removed ?? []).length > 0 ? 'cleaned' : 'already-clean';
}

const plain = (f: Finding): JsonFinding => ({
  category: f.category,
  field: f.field,
  ...(f.item === undefined
    ? {}
    : { item: { name: f.item.name, kind: f.item.kind } }),
  label: f.label,
  location: f.location,
  ...(f.value === undefined ? {} : { value: f.value }),
  ...typedValue(f),
  ...(f.kept === undefined ? {} : { kept: f.kept }),
});

export function fileRecord(o: Outcome): FileRecord {
  return {
    schema: JSON_SCHEMA_VERSION,
    file: o.file,
    status: statusOf(o),
    ...(o.format ? { format: { id: o.format.id, mime: o.format.mime } } : {}),
    ...(o.output === undefined || statusOf(o) === 'not-clean'
      ? {}
      : { output: o.output }),
    ...(o.patchedBytes === undefined ? {} : { patchedBytes: o.patchedBytes }),
    ...(o.rewritten ? { rewritten: true as const } : {}),
    ...(o.removed ? { removed: o.removed.map(plain) } : {}),
    ...(o.kept ? { kept: o.kept.map(plain) } : {}),
    ...(o.findings ? { findings: o.findings.map(plain) } : {}),
    ...(o.skipped ? { skipped: o.skipped } : {}),
    ...(o.reason ? { reason: o.reason } : {}),
    ...(o.sidecar ? { sidecar: o.sidecar } : {}),
    ...risksOf(o.file),
    ...(o.content ? { content: o.content } : {}),
    ...(o.find ? { find: o.find } : {}),
    ...(o.error ? { error: o.error } : {}),
  };
}

function risksOf(file: string): { nameRisks?: readonly NameRisk[] } {
  if (file === '-') return {};
  const risks = nameRisks(basename(file));
  return risks.length ? { nameRisks: risks } : {};
}
