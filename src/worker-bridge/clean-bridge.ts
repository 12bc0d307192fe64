import * as Comlink from 'comlink';
import type { CleanOutcome, CleanWorkerApi } from '../../workers/clean.worker';
import type { FindAnswer } from '../../workers/engine/find/find-words';
import type { ContentComparison } from '../../workers/engine/content-hash';

export type { FindAnswer } from '../../workers/engine/find/find-words';
export type {
  CleanFailure,
  CleanOutcome,
  CleanSuccess,
} from '../../workers/clean.worker';

/** The worker could not start or died mid-job (a browser without module workers, say). */
export interface WorkerFailure {
  readonly ok: false;
  readonly code: 'worker-failed';
  readonly detail: string;
}

export type BridgeOutcome = CleanOutcome | WorkerFailure;

export type { ContentComparison } from '../../workers/engine/content-hash';
/** The largest content part the worker hashes (Web Crypto takes one buffer). */
export { WEB_MAX_HASH_BYTES } from '../../workers/web-sha256';

/** The content comparison, or the worker failing to give one. */
export type ContentOutcome =
  { readonly ok: true; readonly comparison: ContentComparison } | WorkerFailure;
export type BridgeErrorCode = Exclude<BridgeOutcome, { ok: true }>['code'];

export interface CleanJobOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (fraction: number) => void;
  /** Remove the parts the engine cannot clean (named in the report) instead of failing. */
  readonly dropUncleanable?: boolean;
  /** Also compute the copy's CRC-32 (a batch's archive needs it), reading the copy once more. */
  readonly checksum?: boolean;
}

export interface CleanBridge {
  /** Cleans one file in the worker; jobs run one at a time, in order. Never rejects. */
  clean(file: File, options?: CleanJobOptions): Promise<BridgeOutcome>;
  /**
   * Searches a file and its clean copy for words, in the worker, after the jobs before it. The
   * words go to the worker and nowhere else. Null when the search could not run or was cancelled
   * (an abort while it runs terminates the worker, as a clean's does).
   */
  find(request: FindRequest, signal?: AbortSignal): Promise<FindAnswer | null>;
  /**
   * Hashes the content kept byte for byte in the original and its copy, in the worker, after the
   * jobs before it. Never rejects.
   */
  compareContent(original: Blob, copy: Blob): Promise<ContentOutcome>;
  /** Ends the worker now (it also ends by itself when idle); the next job starts a fresh one. */
  terminate(): void;
}

export interface FindRequest {
  readonly original: File;
  readonly copy: Blob;
  readonly copyName: string;
  readonly words: readonly string[];
}

/** A worker idle this long is ended, so the engine's memory is given back between visits. */
export const IDLE_TERMINATE_MS = 60_000;

const CANCELLED: CleanOutcome = { ok: false, code: 'cancelled', detail: '' };

interface Running {
  readonly worker: Worker;
  readonly api: Comlink.Remote<CleanWorkerApi>;
}

/**
 * Wraps a worker factory: the worker starts on the first job (so the engine is not part of the
 * page's first load), and an abort terminates it, because a worker stuck in a parser loop can
 * only be stopped from outside.
 */
export function createCleanBridge(
  createWorker: () => Worker,
  idleMs = IDLE_TERMINATE_MS,
): CleanBridge {
  let running: Running | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let pending = 0;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const start = (): Running => {
    if (running) return running;
    const worker = createWorker();
    running = { worker, api: Comlink.wrap<CleanWorkerApi>(worker) };
    return running;
  };

  const terminate = (): void => {
    running?.worker.terminate();
    running = null;
  };

  const runJob = (
    file: File,
    {
      signal,
      onProgress,
      dropUncleanable = false,
      checksum = false,
    }: CleanJobOptions,
  ): Promise<BridgeOutcome> => {
    if (signal?.aborted) return Promise.resolve(CANCELLED);
    const { worker, api } = start();
    return new Promise<BridgeOutcome>((resolve) => {
      const finish = (outcome: BridgeOutcome): void => {
        signal?.removeEventListener('abort', onAbort);
        worker.removeEventListener('error', onWorkerError);
        resolve(outcome);
      };
      // Not the visitor's doing and not an engine verdict: worth a line in the console.
      const fail = (detail: string): void => {
        console.error(`metaclean worker failed: ${detail}`);
        finish({ ok: false, code: 'worker-failed', detail });
      };
      const onAbort = (): void => {
        terminate();
        finish(CANCELLED);
      };
      const onWorkerError = (event: ErrorEvent): void => {
        event.preventDefault();
        terminate();
        fail(event.message || 'the worker script failed to load');
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.addEventListener('error', onWorkerError);
      const progress = onProgress ? Comlink.proxy(onProgress) : undefined;
      api
        .cleanFile(file, progress, { dropUncleanable, checksum })
        .then(finish, (error: unknown) => fail(String(error)));
    });
  };

  const runComparison = (
    original: Blob,
    copy: Blob,
  ): Promise<ContentOutcome> => {
    const { worker, api } = start();
    return new Promise<ContentOutcome>((resolve) => {
      const finish = (outcome: ContentOutcome): void => {
        worker.removeEventListener('error', onWorkerError);
        resolve(outcome);
      };
      const onWorkerError = (event: ErrorEvent): void => {
        event.preventDefault();
        terminate();
        finish({ ok: false, code: 'worker-failed', detail: event.message });
      };
      worker.addEventListener('error', onWorkerError);
      api.compareFileContent(original, copy).then(
        (comparison) => finish({ ok: true, comparison }),
        (error: unknown) =>
          finish({ ok: false, code: 'worker-failed', detail: String(error) }),
      );
    });
  };

  /** Runs `job` after the jobs before it; the worker ends when idle after the last. */
  const enqueue = <T>(job: () => Promise<T>): Promise<T> => {
    clearTimeout(idleTimer);
    pending += 1;
    const next = queue.then(job);
    queue = next;
    void next.then(jobSettled);
    return next;
  };

  const jobSettled = (): void => {
    pending -= 1;
    if (pending > 0) return;
    idleTimer = setTimeout(terminate, idleMs);
  };

  const runFind = (
    { original, copy, copyName, words }: FindRequest,
    signal?: AbortSignal,
  ): Promise<FindAnswer | null> => {
    if (signal?.aborted) return Promise.resolve(null);
    const { worker, api } = start();
    return new Promise<FindAnswer | null>((resolve) => {
      const finish = (answer: FindAnswer | null): void => {
        signal?.removeEventListener('abort', onAbort);
        worker.removeEventListener('error', onWorkerError);
        resolve(answer);
      };
      const onAbort = (): void => {
        terminate();
        finish(null);
      };
      const onWorkerError = (event: ErrorEvent): void => {
        event.preventDefault();
        terminate();
        finish(null);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.addEventListener('error', onWorkerError);
      api
        .findInFiles(original, copy, copyName, [...words])
        .then(finish, () => finish(null));
    });
  };

  return {
    clean(file, options = {}) {
      return enqueue(() => runJob(file, options));
    },
    find(request, signal) {
      return enqueue(() => runFind(request, signal));
    },
    compareContent(original, copy) {
      return enqueue(() => runComparison(original, copy));
    },
    terminate() {
      clearTimeout(idleTimer);
      terminate();
    },
  };
}

let shared: CleanBridge | null = null;

/** The page's one bridge, created on first use (never at module scope: pages prerender in Node). */
function sharedBridge(): CleanBridge {
  shared ??= createCleanBridge(
    () =>
      new Worker(new URL('../../workers/clean.worker.ts', import.meta.url), {
        type: 'module',
      }),
  );
  return shared;
}

export function cleanInWorker(
  file: File,
  options?: CleanJobOptions,
): Promise<BridgeOutcome> {
  return sharedBridge().clean(file, options);
}

/** "Find my name" in the page's worker; an abort stops it. */
export function findInWorker(
  request: FindRequest,
  signal?: AbortSignal,
): Promise<FindAnswer | null> {
  return sharedBridge().find(request, signal);
}

/** The content kept byte for byte, hashed in the page's one worker. */
export function compareContentInWorker(
  original: Blob,
  copy: Blob,
): Promise<ContentOutcome> {
  return sharedBridge().compareContent(original, copy);
}
