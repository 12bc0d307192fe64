/**
 * Message loading: every feature folder (`messages/<feature>/<set>.json`) is merged per set, and
 * Portuguese fills any id a set lacks. An id missing from Portuguese too renders as the id
 * itself (react-intl's default). Sets are loaded lazily so a page ships only its own language.
 */
import type { MessageSet } from './locales';
import type siteMessages from './messages/site/pt.json';
import type consentMessages from './messages/consent/pt.json';
import type uploaderMessages from './messages/uploader/pt.json';

/** Every message id: the union of each feature's Portuguese keys. Add a feature's pt.json here. */
export type MessageId =
  | keyof typeof siteMessages
  | keyof typeof consentMessages
  | keyof typeof uploaderMessages;

/**
 * Complete once Portuguese fills the gaps (`npm run i18n:check` keeps every pt set whole). Typed
 * as the source strings; Vite builds deliver them precompiled to ICU ASTs (vite.config.ts), which
 * react-intl accepts in the same place.
 */
export type Messages = Readonly<Record<MessageId, string>>;

type Loader = () => Promise<Record<string, string>>;

const LOADERS = import.meta.glob<Record<string, string>>(
  './messages/*/*.json',
  {
    import: 'default',
  },
);

const FALLBACK_SET: MessageSet = 'pt';

/** The file's set name: `./messages/site/en-GB.json` -> `en-GB`. */
function setOfPath(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

function loadersFor(set: MessageSet): Loader[] {
  return Object.entries(LOADERS)
    .filter(([path]) => setOfPath(path) === set)
    .map(([, load]) => load);
}

async function loadSet(set: MessageSet): Promise<Record<string, string>> {
  const parts = await Promise.all(loadersFor(set).map((load) => load()));
  return Object.assign({}, ...parts);
}

/** Messages of `set`, with the Portuguese text wherever `set` lacks an id. */
export function withFallback(
  messages: Record<string, string>,
  fallback: Record<string, string>,
): Messages {
  return { ...fallback, ...messages } as Messages;
}

/** All messages of one set, every feature merged, Portuguese as the fallback. */
export async function loadMessages(set: MessageSet): Promise<Messages> {
  if (set === FALLBACK_SET) return (await loadSet(set)) as Messages;
  const [messages, fallback] = await Promise.all([
    loadSet(set),
    loadSet(FALLBACK_SET),
  ]);
  return withFallback(messages, fallback);
}
