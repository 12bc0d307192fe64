/**
 * Each message set written as one careful writer of its language would: the Italian set's
 * apostrophes are typographic (l’app, c’è) and its quoted words in «», the Portuguese set is
 * Brazilian ("em um", not the European "num"), and the German set spells ß where the Swiss set
 * writes ss.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const MESSAGES = resolve('i18n/messages');

/** Every message of one set, as `feature id: text`. */
function messagesOf(set: string): string[] {
  return readdirSync(MESSAGES, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => {
      const file = join(MESSAGES, e.name, `${set}.json`);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<
        string,
        string
      >;
      return Object.entries(messages).map(([id, text]) => `${id}: ${text}`);
    });
}

describe('the Italian set', () => {
  const italian = messagesOf('it');

  it('writes an apostrophe between letters as ’', () => {
    expect(italian.filter((m) => /\p{L}'\p{L}/u.test(m))).toEqual([]);
  });

  it('quotes a word the visitor typed or a name with «»', () => {
    expect(italian.filter((m) => /“\{/.test(m))).toEqual([]);
  });
});

describe('the Portuguese set', () => {
  it('is Brazilian: "em um", not "num"', () => {
    expect(
      messagesOf('pt').filter((m) => /\bnuma?\b/u.test(m.split(': ')[1]!)),
    ).toEqual([]);
  });
});

describe('the German set', () => {
  it('writes groß, not the Swiss gross', () => {
    expect(messagesOf('de').filter((m) => /\bgross\b/iu.test(m))).toEqual([]);
  });
});
