/**
 * The content hashes of `--json`: SHA-256 of each content part of the input and of its clean
 * copy, through `node:crypto`, which hashes in pieces, so memory follows a slice, not the file.
 * The parts are located by the engine's own walk of each file (workers/engine/content-hash/),
 * independently of the cleaning that made the copy.
 */
import { createHash } from 'node:crypto';
import {
  compareContent,
  hashContent,
  type ContentComparison,
  type ContentHashes,
  type PartHash,
  type Sha256Host,
} from '../workers/engine/content-hash';
import { openFileAccess } from './file-access';

/**
 * `node:crypto` hashes a part of any size one slice at a time, and several side by side, so a
 * file's parts are read in one pass.
 */
export const nodeSha256: Sha256Host = {
  maxBytes: Number.POSITIVE_INFINITY,
  async sha256(pieces) {
    const hash = createHash('sha256');
    for await (const piece of pieces) hash.update(piece);
    return hash.digest('hex');
  },
  start() {
    const hash = createHash('sha256');
    return {
      update: (bytes) => void hash.update(bytes),
      digest: () => hash.digest('hex'),
    };
  },
};

/** The SHA-256 of each content part of the file at `path`. */
export async function fileContentHashes(path: string): Promise<ContentHashes> {
  const input = await openFileAccess(path);
  try {
    return await hashContent(input, nodeSha256);
  } finally {
    await input.close();
  }
}

/** One content part in a `--json` record (docs/json.md, "content"). */
export interface JsonContentPart {
  readonly kind: string;
  readonly key: string;
  readonly page?: number;
  readonly track?: number;
  readonly member?: string;
  readonly name?: string;
  readonly bytes?: number;
  readonly original?: string;
  readonly copy?: string;
  readonly identical?: boolean;
  readonly error?: string;
}

/** The `content` member of a `--json` record. */
export interface JsonContent {
  /** Cleaned files only: every part's hashes equal in the original and in the copy. */
  readonly identical?: boolean;
  readonly parts: readonly JsonContentPart[];
  /** Why the content was not located (`unsupported` for a format whose content we do not locate). */
  readonly error?: string;
  /** A known format that keeps no part whole: `edited-text` (an SVG). */
  readonly reason?: string;
}

const named = (p: {
  kind: string;
  key: string;
  page?: number;
  track?: number;
  member?: string;
  name?: string;
}) => ({
  kind: p.kind,
  key: p.key,
  ...(p.page === undefined ? {} : { page: p.page }),
  ...(p.track === undefined ? {} : { track: p.track }),
  ...(p.member === undefined ? {} : { member: p.member }),
  ...(p.name === undefined ? {} : { name: p.name }),
});

const hashOf = (p: PartHash | undefined) => p?.sha256;

/** The input's hashes alone, as `--inspect --json` gives them. */
export function inspectedContent(hashes: ContentHashes): JsonContent {
  return {
    parts: hashes.parts.map((p) => ({
      ...named(p),
      ...(p.bytes === undefined ? {} : { bytes: p.bytes }),
      ...(p.sha256 === undefined ? {} : { original: p.sha256 }),
      ...(p.error === undefined ? {} : { error: p.error }),
    })),
    ...(hashes.error === undefined ? {} : { error: hashes.error }),
    ...(hashes.reason === undefined ? {} : { reason: hashes.reason }),
  };
}

/** The original's and the copy's hashes, part by part, as `--json` gives them after a clean. */
export function comparedContent(c: ContentComparison): JsonContent {
  return {
    identical: c.identical,
    parts: c.parts.map((p) => {
      const error = p.original?.error ?? p.copy?.error;
      const original = hashOf(p.original);
      const copy = hashOf(p.copy);
      return {
        ...named(p),
        ...(p.original?.bytes === undefined ? {} : { bytes: p.original.bytes }),
        ...(original === undefined ? {} : { original }),
        ...(copy === undefined ? {} : { copy }),
        identical: p.identical,
        ...(error === undefined ? {} : { error }),
      };
    }),
    ...(c.error === undefined ? {} : { error: c.error }),
    ...(c.reason === undefined ? {} : { reason: c.reason }),
  };
}

/** The content of a clean: the input's parts against the copy's, each located in its own file. */
export async function cleanedContent(
  input: string,
  copy: string,
): Promise<JsonContent> {
  const [before, after] = [
    await fileContentHashes(input),
    await fileContentHashes(copy),
  ];
  return comparedContent(compareContent(before, after));
}
