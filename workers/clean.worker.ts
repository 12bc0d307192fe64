import * as Comlink from 'comlink';
import type { EngineErrorCode, Finding, Sniffed } from './engine/index';
import { clean, isEngineError, lendHostCodecs } from './engine/index';
import { NO_FORMAT_MATCHED } from './engine/errors';
import { crc32 } from './engine/shared/crc32';
import { findWords, type FindAnswer } from './engine/find/find-words';
import {
  compareContent,
  hashContent,
  type ContentComparison,
} from './engine/content-hash';
import { webSha256 } from './web-sha256';
import { browserCodecs, withProbes } from './browser-codecs';
import { helperCount, InflatePool, onHelpers } from './inflate-pool';
import { throttledProgress } from './progress-throttle';

/** The workers that inflate a document's large members beside this one (made on first use). */
const helpers = new InflatePool(
  () =>
    new Worker(new URL('./inflate.worker.ts', import.meta.url), {
      type: 'module',
    }),
  helperCount(navigator.hardwareConcurrency),
);

lendHostCodecs(onHelpers(browserCodecs(), helpers));
/**
 * The probed codecs (a few streams of a few bytes), lent before the first clean starts, so even
 * the first document's large members are inflated, checked and proven to end natively.
 */
const probed = withProbes(browserCodecs()).then(
  (codecs) => lendHostCodecs(onHelpers(codecs, helpers)),
  () => {
    // A probe that fails leaves the unprobed codecs: the engine checks with its own code instead.
  },
);

/** A clean that worked: the output Blob crosses back by reference, not by copying its bytes. */
export interface CleanSuccess {
  readonly ok: true;
  readonly blob: Blob;
  readonly name: string;
  readonly format: Sniffed;
  readonly removed: readonly Finding[];
  readonly kept: readonly Finding[];
  /** The copy's CRC-32, when asked for (a batch's archive stores it without reading the copy again). */
  readonly crc32?: number;
}

/**
 * A clean that failed. Comlink serializes thrown errors as plain `Error`s and drops `.code`, so the
 * engine's code travels as a value instead.
 */
export interface CleanFailure {
  readonly ok: false;
  readonly code: EngineErrorCode;
  readonly detail: string;
  /** For `uncleanable-part`: the parts the engine cannot clean, by the names the file gives them. */
  readonly parts?: readonly string[];
  /** For `unsupported`: the bytes are no kind of file the engine reads, whatever the name says. */
  readonly unknownKind?: true;
}

/** The person's choices for one clean. */
export interface CleanFileOptions {
  /** Remove the parts the engine cannot clean (named in the report) instead of failing. */
  readonly dropUncleanable?: boolean;
  /** Compute the copy's CRC-32, reading it once more as a stream. */
  readonly checksum?: boolean;
}

async function crc32Of(blob: Blob): Promise<number> {
  let crc = 0;
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return crc;
    crc = crc32(value, crc);
  }
}

export type CleanOutcome = CleanSuccess | CleanFailure;

async function cleanFile(
  file: File,
  onProgress?: (fraction: number) => void,
  { dropUncleanable = false, checksum = false }: CleanFileOptions = {},
): Promise<CleanOutcome> {
  await probed;
  const progress = onProgress && throttledProgress(onProgress);
  try {
    const result = await clean(file, {
      name: file.name,
      ...(progress && { onProgress: progress.report }),
      dropUncleanable,
    });
    if (!checksum) return { ok: true, ...result };
    return { ok: true, ...result, crc32: await crc32Of(result.blob) };
  } catch (error) {
    if (isEngineError(error)) {
      return {
        ok: false,
        code: error.code,
        detail: error.detail,
        ...(error.parts.length ? { parts: error.parts } : {}),
        ...(error.code === 'unsupported' &&
          error.detail === NO_FORMAT_MATCHED && { unknownKind: true }),
      };
    }
    return { ok: false, code: 'corrupt', detail: String(error) };
  } finally {
    progress?.stop();
  }
}

/** "Find my name": the words searched in the original and its clean copy; null when the search failed. */
async function findInFiles(
  original: File,
  copy: Blob,
  copyName: string,
  words: readonly string[],
): Promise<FindAnswer | null> {
  try {
    return await findWords(
      { file: original, name: original.name },
      { file: copy, name: copyName },
      words,
    );
  } catch {
    return null;
  }
}

/**
 * The content kept byte for byte: each file's content parts located by a walk of its own and
 * hashed with Web Crypto, the original's against the copy's. Never rejects: a file whose content
 * is not located answers its error code.
 */
async function compareFileContent(
  original: Blob,
  copy: Blob,
): Promise<ContentComparison> {
  try {
    const before = await hashContent(original, webSha256);
    const after = await hashContent(copy, webSha256);
    return compareContent(before, after);
  } catch (error) {
    return {
      parts: [],
      identical: false,
      error: isEngineError(error) ? error.code : 'corrupt',
    };
  }
}

const api = { cleanFile, findInFiles, compareFileContent };

/** What the page may call; the bridge imports this type only. */
export type CleanWorkerApi = typeof api;

Comlink.expose(api);
