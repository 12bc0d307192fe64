/**
 * Message loading: every feature folder (`messages/<feature>/<set>.json`) is merged per set, and
 * Portuguese fills any id a set lacks. An id missing from Portuguese too renders as the id
 * itself (react-intl's default). Sets are loaded lazily so a page ships only its own language.
 */
import type { MessageSet } from './locales';
import type siteMessages from './messages/site/pt.json';
import type consentMessages from './messages/consent/pt.json';
import type uploaderMessages from './messages/uploader/pt.json';
import type blogMessages from './messages/blog/pt.json';
import type homeMessages from './messages/home/pt.json';
import type faqMessages from './messages/faq/pt.json';
import type toolMessages from './messages/tool/pt.json';
import type contactMessages from './messages/contact/pt.json';
import type aboutMessages from './messages/about/pt.json';
import type legalMessages from './messages/legal/pt.json';
import type howItWorksMessages from './messages/how-it-works/pt.json';
import type reportMessages from './messages/report/pt.json';
import type metaMessages from './messages/meta/pt.json';
import type offlineMessages from './messages/offline/pt.json';
import type findWordsMessages from './messages/find-words/pt.json';

/** Every message id: the union of each feature's Portuguese keys. Add a feature's pt.json here. */
export type MessageId =
  | keyof typeof siteMessages
  | keyof typeof consentMessages
  | keyof typeof uploaderMessages
  | keyof typeof blogMessages
  | keyof typeof homeMessages
  | keyof typeof faqMessages
  | keyof typeof toolMessages
  | keyof typeof contactMessages
  | keyof typeof aboutMessages
  | keyof typeof legalMessages
  | keyof typeof howItWorksMessages
  | keyof typeof reportMessages
  | keyof typeof metaMessages
  | keyof typeof offlineMessages
  | keyof typeof findWordsMessages;

/**
 * Complete once Portuguese fills the gaps (`npm run i18n:check` keeps every pt set whole). Typed
 * as the source strings; Vite builds deliver them precompiled to ICU ASTs (vite.config.ts), which
 * react-intl accepts in the same place.
 */
export type Messages = Readonly<Record<MessageId, string>>;

type Loader = () => Promise<Record<string, string>>;

/**
 * Each set's feature loaders, a small chunk of their own (`message-sets/<set>.ts`), so the code
 * every page runs names seven sets rather than every feature of every set. The prerendered page
 * preloads its set's chunk with its messages (scripts/build-site.mjs).
 */
const SETS = import.meta.glob<Record<string, Loader>>('./message-sets/*.ts', {
  import: 'default',
});

const FALLBACK_SET: MessageSet = 'pt';

/** The folders under `messages/`: `site`, `consent`, `uploader`, ... */
export type MessageFeature = string;

/** What every page needs before it hydrates: header, footer, navigation. */
export const SHELL_FEATURES: readonly MessageFeature[] = ['site'];

/**
 * The pages' titles and descriptions for the document head (an article's title pattern and the
 * feed's title are the blog's): the prerender writes them, and the browser loads them on its
 * first client-side navigation only (src/app/head-writer.ts).
 */
export const HEAD_FEATURES: readonly MessageFeature[] = ['meta', 'blog'];

/** `./messages/site/en-GB.json` -> ['site', 'en-GB']. */
function partsOfPath(path: string): [MessageFeature, string] {
  const [, feature = '', file = ''] =
    /messages\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  return [feature, file];
}

async function loadersFor(
  set: MessageSet,
  features: readonly MessageFeature[] | 'all',
): Promise<Loader[]> {
  const loadSet = SETS[`./message-sets/${set}.ts`];
  const loaders = loadSet ? await loadSet() : {};
  return Object.entries(loaders)
    .filter(([path]) => {
      const [feature, fileSet] = partsOfPath(path);
      return (
        fileSet === set && (features === 'all' || features.includes(feature))
      );
    })
    .map(([, load]) => load);
}

async function loadSet(
  set: MessageSet,
  features: readonly MessageFeature[] | 'all',
): Promise<Record<string, string>> {
  const parts = await Promise.all(
    (await loadersFor(set, features)).map((load) => load()),
  );
  return Object.assign({}, ...parts);
}

/** Messages of `set`, with the Portuguese text wherever `set` lacks an id. */
export function withFallback(
  messages: Record<string, string>,
  fallback: Record<string, string>,
): Messages {
  return { ...fallback, ...messages } as Messages;
}

/**
 * The messages of one set (every feature, or the ones named), Portuguese as the fallback. Site
 * builds fill a set's gaps with Portuguese at build time (vite.config.ts), so a page loads one
 * set; elsewhere (unit tests, scripts) the sets are merged here.
 */
export async function loadMessages(
  set: MessageSet,
  features: readonly MessageFeature[] | 'all' = 'all',
): Promise<Messages> {
  if (set === FALLBACK_SET || import.meta.env.PROD)
    return (await loadSet(set, features)) as Messages;
  const [messages, fallback] = await Promise.all([
    loadSet(set, features),
    loadSet(FALLBACK_SET, features),
  ]);
  return withFallback(messages, fallback);
}

const featureCache = new Map<string, Promise<Partial<Messages>>>();

/**
 * One feature's messages of one set, loaded once: the same promise every time, so a component can
 * `use()` it (the prerender waits for it; the browser loads it with the page's code).
 */
export function featureMessages(
  set: MessageSet,
  feature: MessageFeature,
): Promise<Partial<Messages>> {
  const key = `${feature}/${set}`;
  let loaded = featureCache.get(key);
  if (!loaded) {
    const loading = loadMessages(set, [feature]);
    // Marked as React marks a promise it has read, so a render after the load (the uploader
    // taking over in one synchronous step) reads the messages without suspending.
    void loading.then((value) =>
      Object.assign(loading, { status: 'fulfilled', value }),
    );
    loaded = loading;
    featureCache.set(key, loaded);
  }
  return loaded;
}
