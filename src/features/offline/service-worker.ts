/**
 * Registers the service worker (workers/service-worker) once the page has loaded, with the
 * variant's scope, and tells the page when a new version waits: the only offline code every page
 * runs, small on purpose. Not under `vite` dev, which builds no service worker.
 */

const SW_URL = '/sw.js';
/** What the waiting worker takes as its word to take over (workers/service-worker/sw.ts). */
const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker) {
  waiting = worker;
  for (const listener of listeners) listener();
}

/** For `useSyncExternalStore`: the worker of a new version, installed and waiting, if any. */
export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const waitingWorker = (): ServiceWorker | null => waiting;

/** Lets the waiting version take over, then reloads the page under it. */
export function applyUpdate(): void {
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () =>
    window.location.reload(),
  );
  waiting.postMessage(SKIP_WAITING);
}

// A new version waits when it installs beside an active one; the first one takes over at once.
function watch(registration: ServiceWorkerRegistration) {
  if (registration.waiting && registration.active)
    setWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && registration.active)
        setWaiting(worker);
    });
  });
}

/** Registers after `load`, so nothing it fetches competes with the page's own first load. */
export function registerServiceWorker(scope: string): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register(SW_URL, { scope }).then(watch, () => {
      // No service worker (a private window, storage refused): the site works online as before.
    });
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
