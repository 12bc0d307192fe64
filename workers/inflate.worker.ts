/**
 * A helper of the clean worker: inflates the zip members it is sent with the browser's native
 * DecompressionStream, on a thread of its own, so a document's photos inflate on another core
 * while the clean worker cleans the one before (as the CLI's zlib does on Node's thread pool).
 */
import {
  answerInflate,
  replyTransfer,
  type InflateRequest,
} from './inflate-request';

declare const self: DedicatedWorkerGlobalScope;

self.addEventListener('message', (event: MessageEvent<InflateRequest>) => {
  void answerInflate(event.data).then((reply) =>
    self.postMessage(reply, replyTransfer(reply)),
  );
});
