/**
 * The service worker: precaches the variant its registration's scope names and serves it offline,
 * takes files from the share sheet, and waits for the page's word before replacing a running
 * version. README.md says how the pieces fit.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { localeFromPath } from '../../i18n/routes';
import {
  entriesForVariant,
  type PrecacheEntry,
  type SetAssets,
} from './precache-entries';
import { isShareTarget, receiveShare } from './share-target';

declare const self: ServiceWorkerGlobalScope & {
  /** Replaced with the build's file list by Workbox's injectManifest. */
  __WB_MANIFEST: PrecacheEntry[];
};
/** Replaced with the build's per-set files by the bundler (scripts/build-site.mjs). */
declare const __SET_ASSETS__: SetAssets;

/** What the page's "reload" button posts to the waiting worker. */
export const SKIP_WAITING = 'SKIP_WAITING';

const locale = localeFromPath(new URL(self.registration.scope).pathname);

self.addEventListener('fetch', (event) => {
  if (isShareTarget(event.request, self.location.origin))
    event.respondWith(receiveShare(event.request));
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING)
    void self.skipWaiting();
});

precacheAndRoute(
  entriesForVariant(self.__WB_MANIFEST, locale, __SET_ASSETS__),
  {
    // A page is the same page whatever its query says (`?shared`, campaign tags).
    ignoreURLParametersMatching: [/.*/],
    // Pages are listed under their clean URLs (scripts/build-site.mjs); `/en/about/` is `/en/about`.
    urlManipulation: ({ url }) =>
      url.pathname.length > 1 && url.pathname.endsWith('/')
        ? [new URL(url.pathname.slice(0, -1), url)]
        : [],
  },
);
cleanupOutdatedCaches();
// The first version takes the open pages at once; later ones wait for the notice's button.
clientsClaim();
