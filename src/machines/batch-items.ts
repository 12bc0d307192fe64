import type { Sidecar } from '../../workers/engine/sidecars';
import type {
  BridgeErrorCode,
  BridgeOutcome,
  CleanSuccess,
} from '../worker-bridge/clean-bridge';

/** Why the drop zone refused a file before cleaning: the page's types, the family's size limit. */
export type BatchRefusal =
  'file-invalid-type' | 'file-too-large' | 'file-too-small';

/** A file that sits beside photos and carries their secrets; never cleaned, never copied. */
export type BatchSidecar = Sidecar;

/** One file of a drop, as the drop zone sorted it before anything is cleaned. */
export interface BatchInput {
  readonly file: File;
  /** Its path in the drop, folders kept (`trip/IMG_0042.HEIC`); the bare name for a loose file. */
  readonly path: string;
  readonly refusal?: BatchRefusal;
  readonly sidecar?: BatchSidecar;
}

export type BatchItemStatus =
  | 'waiting'
  | 'cleaning'
  | 'clean'
  | 'already-clean'
  | 'refused'
  | 'failed'
  | 'left-out'
  | 'cancelled';

export interface BatchItem extends BatchInput {
  /** Unique in its batch, stable as items are added: keys, ids and labels use it. */
  readonly id: number;
  readonly status: BatchItemStatus;
  readonly result?: CleanSuccess;
  readonly errorCode?: BridgeErrorCode;
  /** The file's bytes are no kind the engine reads (its `unsupported` says no more). */
  readonly unknownKind?: true;
}

/** Refused and sidecar files are settled as they arrive; the rest wait for their turn. */
export function toItems(
  inputs: readonly BatchInput[],
  firstId: number,
): BatchItem[] {
  return inputs.map((input, i) => ({
    ...input,
    id: firstId + i,
    status: input.sidecar ? 'left-out' : input.refusal ? 'refused' : 'waiting',
  }));
}

export const nextWaiting = (items: readonly BatchItem[]): number =>
  items.findIndex((item) => item.status === 'waiting');

/** The item at `index` with the outcome of its clean. */
export function settleItem(
  items: readonly BatchItem[],
  index: number,
  outcome: BridgeOutcome,
): BatchItem[] {
  return items.map((item, i) => {
    if (i !== index) return item;
    if (!outcome.ok)
      return {
        ...item,
        status: 'failed',
        errorCode: outcome.code,
        ...('unknownKind' in outcome && outcome.unknownKind === true
          ? { unknownKind: true as const }
          : {}),
      };
    return {
      ...item,
      status: outcome.removed.length ? 'clean' : 'already-clean',
      result: outcome,
    };
  });
}

export function markItem(
  items: readonly BatchItem[],
  index: number,
  status: BatchItemStatus,
): BatchItem[] {
  return items.map((item, i) => (i === index ? { ...item, status } : item));
}

/** Cancel: the file being cleaned and every waiting one are not cleaned. */
export const cancelRest = (items: readonly BatchItem[]): BatchItem[] =>
  items.map((item) =>
    item.status === 'waiting' || item.status === 'cleaning'
      ? { ...item, status: 'cancelled' }
      : item,
  );

/** The files that have a clean copy to take home, in the order they were given. */
export const cleanedItems = (
  items: readonly BatchItem[],
): (BatchItem & { result: CleanSuccess })[] =>
  items.filter(
    (item): item is BatchItem & { result: CleanSuccess } =>
      item.result !== undefined,
  );
