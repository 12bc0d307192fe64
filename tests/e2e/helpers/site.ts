import { readdirSync, readFileSync } from 'node:fs';
import type { MessageSet } from '../../../i18n/locales';

/** The canonical base the build uses when SITE_URL is not set (issue 2). */
export const SITE_URL = (
  process.env.SITE_URL ?? 'http://localhost:4173'
).replace(/\/$/, '');

const cache = new Map<string, Record<string, string>>();

/** One feature's messages of one set, read from disk, for expected texts in browser tests. */
export function messagesOf(
  feature: string,
  set: MessageSet,
): Record<string, string> {
  const key = `${feature}/${set}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const file = new URL(`../../../i18n/messages/${key}.json`, import.meta.url);
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<
    string,
    string
  >;
  cache.set(key, messages);
  return messages;
}

/** Every message folder: the site shell's and each page's. */
const FEATURES = readdirSync(
  new URL('../../../i18n/messages/', import.meta.url),
  {
    withFileTypes: true,
  },
)
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A message of the site shell or of a page, in one set; fails loudly when the id is missing. */
export function siteText(set: MessageSet, id: string): string {
  const feature = FEATURES.find(
    (name) => messagesOf(name, set)[id] !== undefined,
  );
  const text = feature === undefined ? undefined : messagesOf(feature, set)[id];
  if (text === undefined)
    throw new Error(`no message folder of ${set} has "${id}"`);
  return text;
}
