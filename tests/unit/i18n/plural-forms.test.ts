import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  parse,
  TYPE,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { createIntl, createIntlCache } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { MESSAGE_SETS, type MessageSet } from '../../../i18n/locales';

/**
 * Counted words read right in every language: each message with a plural is rendered with
 * react-intl for 0, 1, 2, 3, 11 and 100 under every choice of its selects. Arabic has six plural
 * forms (zero, one, two, few, many, other): a message that lacks one falls back to `other` and
 * says "2 ملف" where Arabic says "ملفان"; so a dual must read otherwise than a hundred.
 */

const ROOT = 'i18n/messages';
const COUNTS = [0, 1, 2, 3, 11, 100] as const;
/** Beyond this many select combinations a message is rendered with each select's first choice. */
const MAX_COMBINATIONS = 64;

interface Shape {
  readonly plurals: Set<string>;
  readonly selects: Map<string, Set<string>>;
  readonly plain: Set<string>;
  readonly tags: Set<string>;
}

function shapeOf(elements: MessageFormatElement[], into: Shape): Shape {
  for (const e of elements) {
    if (e.type === TYPE.plural) into.plurals.add(e.value);
    else if (e.type === TYPE.select) {
      const keys = into.selects.get(e.value) ?? new Set<string>();
      for (const key of Object.keys(e.options)) keys.add(key);
      into.selects.set(e.value, keys);
    } else if (
      e.type === TYPE.argument ||
      e.type === TYPE.number ||
      e.type === TYPE.date ||
      e.type === TYPE.time
    )
      into.plain.add(e.value);
    else if (e.type === TYPE.tag) {
      into.tags.add(e.value);
      shapeOf(e.children, into);
    }
    if ('options' in e)
      for (const option of Object.values(e.options))
        shapeOf(option.value, into);
  }
  return into;
}

/** Every combination of the selects' choices, or the first choices only when there are too many. */
function selectChoices(
  selects: Map<string, Set<string>>,
): Record<string, string>[] {
  let combos: Record<string, string>[] = [{}];
  for (const [name, keys] of selects)
    combos = combos.flatMap((c) => [...keys].map((k) => ({ ...c, [name]: k })));
  if (combos.length <= MAX_COMBINATIONS) return combos;
  return [
    Object.fromEntries(
      [...selects].map(([name, keys]) => [name, [...keys][0]!]),
    ),
  ];
}

interface PluralMessage {
  readonly id: string;
  readonly text: string;
  readonly shape: Shape;
}

function pluralMessages(set: MessageSet): PluralMessage[] {
  return readdirSync(ROOT).flatMap((feature) => {
    const messages = JSON.parse(
      readFileSync(join(ROOT, feature, `${set}.json`), 'utf8'),
    ) as Record<string, string>;
    return Object.entries(messages).flatMap(([id, text]) => {
      const shape = shapeOf(parse(text), {
        plurals: new Set(),
        selects: new Map(),
        plain: new Set(),
        tags: new Set(),
      });
      return shape.plurals.size > 0 ? [{ id, text, shape }] : [];
    });
  });
}

function render(
  set: MessageSet,
  message: PluralMessage,
  count: number,
  choices: Record<string, string>,
): string {
  const intl = createIntl(
    {
      locale: set,
      messages: { [message.id]: message.text },
      onError: (error) => {
        throw error;
      },
    },
    createIntlCache(),
  );
  const values: Record<string, unknown> = { ...choices };
  for (const name of message.shape.plain) values[name] = count;
  for (const name of message.shape.plurals) values[name] = count;
  for (const name of message.shape.tags)
    values[name] = (chunks: string[]) => chunks.join('');
  // A select that is also printed (`{place}`) gets words, not its choice.
  for (const name of message.shape.plain)
    if (message.shape.selects.has(name)) values[name] = 'X';
  const out = intl.formatMessage({ id: message.id }, values as never);
  return Array.isArray(out) ? out.join('') : String(out);
}

/** The text with its numbers taken out, to compare the words around them. */
const words = (text: string): string => text.replace(/[\d٠-٩.,]+/g, 'N');

describe.each(MESSAGE_SETS)('plural messages in %s', (set) => {
  const messages = pluralMessages(set);

  it('render for 0, 1, 2, 3, 11 and 100 without ICU source, undefined or NaN', () => {
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages)
      for (const choices of selectChoices(message.shape.selects))
        for (const count of COUNTS) {
          const text = render(set, message, count, choices);
          expect(text, `${message.id} ${count}`).not.toMatch(
            /[{}#]|undefined|NaN/,
          );
        }
  });
});

describe('Arabic counts', () => {
  const messages = pluralMessages('ar');

  it('say two things otherwise than a hundred things', () => {
    for (const message of messages)
      for (const choices of selectChoices(message.shape.selects)) {
        const hundred = words(render('ar', message, 100, choices));
        // A branch that does not count (the same words for one thing and a hundred) says nothing of two.
        if (words(render('ar', message, 1, choices)) === hundred) continue;
        expect(
          words(render('ar', message, 2, choices)),
          `${message.id} ${JSON.stringify(choices)}`,
        ).not.toBe(hundred);
      }
  });

  it('give eleven its own form where three and a hundred differ', () => {
    for (const message of messages)
      for (const choices of selectChoices(message.shape.selects)) {
        const three = words(render('ar', message, 3, choices));
        const hundred = words(render('ar', message, 100, choices));
        if (three === hundred) continue;
        const eleven = words(render('ar', message, 11, choices));
        expect(eleven, `${message.id}`).not.toBe(three);
      }
  });
});
