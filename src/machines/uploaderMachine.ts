import { assign, fromPromise, setup } from 'xstate';
import {
  cleanInWorker,
  type BridgeErrorCode,
  type BridgeOutcome,
  type CleanSuccess,
} from '../worker-bridge/clean-bridge';
import {
  cancelRest,
  markItem,
  nextWaiting,
  settleItem,
  toItems,
  type BatchInput,
  type BatchItem,
} from './batch-items';

export interface CleanInput {
  readonly file: File;
  readonly onProgress: (fraction: number) => void;
  /** The person chose to remove the parts the engine cannot clean. */
  readonly dropUncleanable: boolean;
  /** A file of a batch: the worker also computes the copy's CRC-32 for the archive. */
  readonly checksum?: boolean;
}

export interface UploaderContext {
  /** The one selected file; a new one replaces it. */
  readonly file: File | null;
  readonly result: CleanSuccess | null;
  /** Object URL of the cleaned copy while `done`; revoked on leaving `done`. */
  readonly downloadUrl: string | null;
  readonly errorCode: BridgeErrorCode | null;
  /** For `uncleanable-part`: the parts the engine cannot clean, to name and offer to remove. */
  readonly errorParts: readonly string[];
  /** For `unsupported`: the file's bytes are no kind of file the engine reads. */
  readonly errorUnknownKind: boolean;
  /** The person chose to remove those parts; cleared by a new file. */
  readonly dropUncleanable: boolean;
  /** Fraction done while processing, 0..1. */
  readonly progress: number;
  /** The last run was cancelled by the visitor; cleared by the next file or run. */
  readonly cancelled: boolean;
  /** Two or more files: each with its state, in the order they were given. */
  readonly items: readonly BatchItem[];
  /** The index in `items` of the file being cleaned, or -1. */
  readonly current: number;
}

export type UploaderEvent =
  | { type: 'file.select'; file: File }
  | { type: 'file.reject' }
  /** Two or more files (a folder, a selection); while a batch runs they join its queue. */
  | { type: 'files.select'; inputs: readonly BatchInput[] }
  | { type: 'processing.start' }
  /** Clean again, removing the parts the engine cannot clean (named in the report). */
  | { type: 'processing.dropUncleanable' }
  | { type: 'processing.progress'; fraction: number }
  | { type: 'processing.cancel' };

/** The type every download is served with, whatever the file is. */
export const DOWNLOAD_TYPE = 'application/octet-stream';

const EMPTY: UploaderContext = {
  file: null,
  result: null,
  downloadUrl: null,
  errorCode: null,
  errorParts: [],
  errorUnknownKind: false,
  dropUncleanable: false,
  progress: 0,
  cancelled: false,
  items: [],
  current: -1,
};

/**
 * The uploader: idle, selected, processing, then done or error; one file, and a new
 * file clears the previous result. Cancel returns to `selected` with the same file; stopping the
 * `cleanFile` actor aborts its signal, which ends the worker.
 */
export const uploaderMachine = setup({
  types: {
    context: {} as UploaderContext,
    events: {} as UploaderEvent,
  },
  actors: {
    cleanFile: fromPromise<BridgeOutcome, CleanInput>(({ input, signal }) =>
      cleanInWorker(input.file, {
        signal,
        onProgress: input.onProgress,
        dropUncleanable: input.dropUncleanable,
        checksum: input.checksum ?? false,
      }),
    ),
  },
  actions: {
    selectFile: assign(({ event }) =>
      event.type === 'file.select' ? { ...EMPTY, file: event.file } : {},
    ),
    clearAll: assign(() => EMPTY),
    resetRun: assign({
      result: null,
      errorCode: null,
      errorParts: [],
      errorUnknownKind: false,
      progress: 0,
      cancelled: false,
    }),
    markCancelled: assign({ cancelled: true }),
    // The copy is served as bytes to save, never as a page or picture of this origin: a blob:
    // URL inherits the site's origin, so a cleaned SVG opened in a tab could otherwise run script
    // with access to the site's storage. The download attribute keeps the file's name.
    keepResult: assign((_, output: CleanSuccess) => ({
      result: output,
      downloadUrl: URL.createObjectURL(
        new Blob([output.blob], { type: DOWNLOAD_TYPE }),
      ),
    })),
    // The cleaned copy can be as large as the input; a new file or a retry lets it go.
    revokeDownloadUrl: ({ context }) => {
      if (context.downloadUrl) URL.revokeObjectURL(context.downloadUrl);
    },
    forgetResult: assign({ result: null, downloadUrl: null }),
    startBatch: assign(({ event }) =>
      event.type === 'files.select'
        ? { ...EMPTY, items: toItems(event.inputs, 0) }
        : {},
    ),
    // One file dropped alone while a list is shown joins it as well.
    queueFiles: assign(({ context, event }) => {
      const inputs: readonly BatchInput[] =
        event.type === 'files.select'
          ? event.inputs
          : event.type === 'file.select'
            ? [{ file: event.file, path: event.file.name }]
            : [];
      return {
        items: [...context.items, ...toItems(inputs, context.items.length)],
      };
    }),
    pickNext: assign(({ context }) => {
      const current = nextWaiting(context.items);
      return {
        current,
        progress: 0,
        items: markItem(context.items, current, 'cleaning'),
      };
    }),
    settleCurrent: assign(({ context }, outcome: BridgeOutcome) => ({
      items: settleItem(context.items, context.current, outcome),
      current: -1,
    })),
    cancelBatch: assign(({ context }) => ({
      items: cancelRest(context.items),
      current: -1,
      cancelled: true,
    })),
    recordProgress: assign(({ event }) =>
      event.type === 'processing.progress' ? { progress: event.fraction } : {},
    ),
  },
  guards: {
    succeeded: (_, outcome: BridgeOutcome) => outcome.ok,
    hasWaiting: ({ context }) => nextWaiting(context.items) >= 0,
  },
}).createMachine({
  id: 'uploader',
  initial: 'idle',
  context: EMPTY,
  on: {
    'file.select': { target: '.selected', actions: 'selectFile' },
    // A refused drop leaves nothing of the previous file on screen: no result, no download.
    'file.reject': { target: '.idle', actions: 'clearAll' },
    'files.select': { target: '.batch', actions: 'startBatch' },
  },
  states: {
    idle: {},
    selected: {
      on: { 'processing.start': 'processing' },
    },
    processing: {
      entry: 'resetRun',
      // A drop while cleaning would race the running job; the drop zone is disabled meanwhile.
      on: {
        'file.select': {},
        'file.reject': {},
        'files.select': {},
        'processing.progress': { actions: 'recordProgress' },
        'processing.cancel': { target: 'selected', actions: 'markCancelled' },
      },
      invoke: {
        id: 'cleanFile',
        src: 'cleanFile',
        input: ({ context, self }): CleanInput => ({
          file: context.file as File,
          dropUncleanable: context.dropUncleanable,
          onProgress: (fraction) =>
            self.send({ type: 'processing.progress', fraction }),
        }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => event.output },
            target: 'done',
            actions: {
              type: 'keepResult',
              params: ({ event }) => event.output as CleanSuccess,
            },
          },
          {
            target: 'error',
            actions: assign(({ event }) => ({
              errorCode: event.output.ok ? null : event.output.code,
              errorParts:
                !event.output.ok && 'parts' in event.output
                  ? (event.output.parts ?? [])
                  : [],
              errorUnknownKind:
                !event.output.ok &&
                'unknownKind' in event.output &&
                event.output.unknownKind === true,
            })),
          },
        ],
        onError: {
          target: 'error',
          actions: assign({ errorCode: 'worker-failed' as const }),
        },
      },
    },
    done: {
      exit: ['revokeDownloadUrl', 'forgetResult'],
    },
    error: {
      // "Please try again": the same file can be sent again, or, when it holds parts the engine
      // cannot clean, sent again with the person's consent to remove them.
      on: {
        'processing.start': 'processing',
        'processing.dropUncleanable': {
          guard: ({ context }) => context.errorCode === 'uncleanable-part',
          target: 'processing',
          actions: assign({ dropUncleanable: true }),
        },
      },
    },
    batch: {
      // Files are cleaned one at a time, each read when its turn comes; a drop while the list is
      // shown or cleaned joins the queue. Refused files and sidecars are settled on arrival.
      initial: 'ready',
      on: {
        'file.select': { actions: 'queueFiles' },
        'file.reject': {},
      },
      states: {
        ready: {
          on: {
            'files.select': { actions: 'queueFiles' },
            'processing.start': 'next',
          },
        },
        next: {
          always: [
            { guard: 'hasWaiting', target: 'cleaning', actions: 'pickNext' },
            { target: 'finished' },
          ],
        },
        cleaning: {
          on: {
            'files.select': { actions: 'queueFiles' },
            'processing.progress': { actions: 'recordProgress' },
            'processing.cancel': { target: 'finished', actions: 'cancelBatch' },
          },
          invoke: {
            id: 'cleanFile',
            src: 'cleanFile',
            input: ({ context, self }): CleanInput => ({
              file: (context.items[context.current] as BatchItem).file,
              dropUncleanable: false,
              checksum: true,
              onProgress: (fraction) =>
                self.send({ type: 'processing.progress', fraction }),
            }),
            onDone: {
              target: 'next',
              actions: {
                type: 'settleCurrent',
                params: ({ event }) => event.output,
              },
            },
            onError: {
              target: 'next',
              actions: {
                type: 'settleCurrent',
                params: (): BridgeOutcome => ({
                  ok: false,
                  code: 'worker-failed',
                  detail: '',
                }),
              },
            },
          },
        },
        // A drop after the batch is done starts a new list.
        finished: {
          on: {
            'file.select': {
              target: '#uploader.selected',
              actions: 'selectFile',
            },
            'files.select': { target: 'ready', actions: 'startBatch' },
          },
        },
      },
    },
  },
});
