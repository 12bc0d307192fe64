import {
  SHARED_PARAM,
  takeShared,
} from '../../../workers/service-worker/shared-inbox';

/** What the File Handling API hands an installed app opened on files ("Open with"). */
interface LaunchParams {
  readonly files: readonly FileSystemFileHandle[];
}
interface LaunchQueue {
  setConsumer(consumer: (params: LaunchParams) => void): void;
}

/**
 * Files handed to the installed app: shared to it from another app (the service worker keeps
 * them in the shared inbox and opens this page with `?shared`), or opened with it from the file
 * manager (`launchQueue`). Calls `receive` with them, in their order; returns the unsubscribe.
 */
export function onIncomingFiles(receive: (files: File[]) => void): () => void {
  let live = true;
  const deliver = (files: File[]) => {
    if (live && files.length > 0) receive(files);
  };
  const url = new URL(window.location.href);
  if (url.searchParams.has(SHARED_PARAM)) {
    // Once: a reload must not clean the same files again.
    url.searchParams.delete(SHARED_PARAM);
    window.history.replaceState(window.history.state, '', url.href);
    void takeShared().then(deliver, () => {});
  }
  const queue = (window as { launchQueue?: LaunchQueue }).launchQueue;
  queue?.setConsumer(({ files }) => {
    void Promise.all(files.map((handle) => handle.getFile())).then(
      deliver,
      () => {},
    );
  });
  return () => {
    live = false;
  };
}
