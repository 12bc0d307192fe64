import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Every message id of the site (the keys of each feature's Portuguese set, which every other set
 * mirrors), for tests that look for an id a visitor would read as text: react-intl shows the id
 * itself when the message was not loaded on that page.
 */
// From the repository root, where vitest and Playwright run: under jsdom `import.meta.url` is
// not a file URL.
const MESSAGES_DIR = resolve('i18n/messages');

function readIds(): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const entry of readdirSync(MESSAGES_DIR, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const file = join(MESSAGES_DIR, entry.name, 'pt.json');
    const messages = JSON.parse(readFileSync(file, 'utf8')) as object;
    for (const id of Object.keys(messages)) ids.add(id);
  }
  return ids;
}

let cached: ReadonlySet<string> | undefined;

export function messageIds(): ReadonlySet<string> {
  return (cached ??= readIds());
}

/** Punctuation a text may put around a word ("(privacy.title)", "terms.title,"). */
const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;

/** The message ids that appear as words of a visible text, in the order found. */
export function messageIdsIn(text: string): string[] {
  const ids = messageIds();
  return text
    .split(/\s+/)
    .map((word) => word.replace(EDGE_PUNCTUATION, ''))
    .filter((word) => ids.has(word));
}
