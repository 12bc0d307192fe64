import type { Finding, FindingCategory } from '../workers/engine/index';
import { CATEGORY_ORDER } from '../src/features/report/groups';

/**
 * C0 and C1 controls (newline, ESC, CSI), DEL, and the Unicode line separators and direction
 * overrides that reorder what a terminal shows: none of them may reach the terminal raw.
 */
const UNSAFE_FOR_TERMINAL =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Control characters in metadata must not reach the terminal as escape sequences. */
export function oneLine(text: string): string {
  return text.replace(UNSAFE_FOR_TERMINAL, ' ');
}

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/**
 * A file name (or a message that holds one) as text mode prints it: every character that could
 * forge a line or drive the terminal becomes a C-style escape (`\n`, `\x1b`, `\u202e`), and a
 * backslash is doubled so an escape in the output always means an escaped character, as
 * `ls --escape` does. JSON output needs none of this: JSON escapes controls itself.
 */
export function escapeForTerminal(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(UNSAFE_FOR_TERMINAL, (c) => {
    const code = c.charCodeAt(0);
    return (
      SHORT_ESCAPES[c] ??
      (code <= 0xff
        ? `\\x${code.toString(16).padStart(2, '0')}`
        : `\\u${code.toString(16).padStart(4, '0')}`)
    );
  });
}

/**
 * A category as the clean line names it: its id where that is a plain word, else the site's name
 * for it (`report.category.*`), shortened to a noun a count can follow.
 */
const CATEGORY_WORDS: Readonly<Record<FindingCategory, string>> = {
  location: 'location',
  time: 'date and time',
  device: 'device',
  author: 'author',
  identifier: 'unique identifier',
  software: 'software',
  history: 'editing history',
  comment: 'description and comment',
  thumbnail: 'thumbnail',
  other: 'other',
};

/** "location 3, date and time 4, device 26": counts per category, most revealing first, as the site's report. */
export function countByCategory(findings: readonly Finding[]): string {
  const counts = new Map<FindingCategory, number>();
  for (const f of findings)
    counts.set(f.category, (counts.get(f.category) ?? 0) + 1);
  // A category the order does not list still counts, after the others: none may go unsaid.
  const rank = (c: FindingCategory) => {
    const i = CATEGORY_ORDER.indexOf(c);
    return i < 0 ? CATEGORY_ORDER.length : i;
  };
  return [...counts]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([c, n]) => `${CATEGORY_WORDS[c]} ${n}`)
    .join(', ');
}
