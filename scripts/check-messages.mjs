// Fails when a message set lacks an id that Portuguese has, or has one Portuguese lacks, in any
// feature folder of i18n/messages, when a message is not valid ICU, or when its placeholders
// (arguments and rich-text tags) differ from the Portuguese message's: a wrong `values` name
// would otherwise render the placeholder itself; and when a plural lacks a form its set's
// language needs for a whole number (Arabic has six: zero, one, two, few, many, other), which
// would otherwise fall back to `other` and read wrong ("2 ملف" where Arabic says "ملفان").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

const root = new URL('../i18n/messages/', import.meta.url).pathname;
const SETS = ['pt', 'en', 'en-GB', 'de', 'de-CH', 'it', 'ar'];
const problems = [];

/** The argument and tag names a parsed ICU message uses, sorted, as one string. */
function placeholders(elements, into = new Set()) {
  for (const element of elements) {
    if (element.type === TYPE.tag) {
      into.add(`<${element.value}>`);
      placeholders(element.children, into);
    } else if ('value' in element && element.type !== TYPE.literal) {
      if (element.type !== TYPE.pound) into.add(element.value);
    }
    for (const option of Object.values(element.options ?? {}))
      placeholders(option.value, into);
  }
  return into;
}

/** Whole numbers up to here show every plural form a language gives counts of files or parts. */
const COUNTS_CHECKED = 1000;

/** For each plural category the set's language gives a whole number, the numbers that take it. */
function countsByCategory(set) {
  const rules = new Intl.PluralRules(set);
  const byCategory = new Map();
  for (let n = 0; n <= COUNTS_CHECKED; n++) {
    const category = rules.select(n);
    byCategory.set(category, [...(byCategory.get(category) ?? []), n]);
  }
  return byCategory;
}

/** The categories a message's plurals leave out: a category is covered by its key or by `=n` for each of its numbers. */
function missingForms(elements, byCategory, into = new Set()) {
  for (const element of elements) {
    if (element.type === TYPE.plural && element.pluralType !== 'ordinal') {
      const keys = Object.keys(element.options);
      for (const [category, counts] of byCategory) {
        const exact = counts.every((n) => keys.includes(`=${n}`));
        if (!keys.includes(category) && !exact)
          into.add(`${element.value}: ${category}`);
      }
    }
    if (element.type === TYPE.tag)
      missingForms(element.children, byCategory, into);
    for (const option of Object.values(element.options ?? {}))
      missingForms(option.value, byCategory, into);
  }
  return into;
}

const placeholderKey = (text) =>
  [...placeholders(parse(text))].sort().join(', ');

for (const feature of readdirSync(root, { withFileTypes: true })) {
  if (!feature.isDirectory()) continue;
  const read = (set) =>
    JSON.parse(readFileSync(join(root, feature.name, `${set}.json`), 'utf8'));
  const base = read('pt');
  for (const set of SETS) {
    const byCategory = countsByCategory(set);
    let messages;
    try {
      messages = read(set);
    } catch (error) {
      problems.push(`${feature.name}/${set}.json: ${error.message}`);
      continue;
    }
    for (const id of Object.keys(base)) {
      if (!(id in messages))
        problems.push(`${feature.name}/${set}.json lacks "${id}"`);
    }
    for (const [id, text] of Object.entries(messages)) {
      if (!(id in base))
        problems.push(
          `${feature.name}/${set}.json has "${id}", which pt lacks`,
        );
      if (set === 'de-CH' && text.includes('ß')) {
        problems.push(
          `${feature.name}/de-CH.json "${id}" uses ß; Swiss spelling writes ss`,
        );
      }
      try {
        const missing = [...missingForms(parse(text), byCategory)];
        if (missing.length > 0)
          problems.push(
            `${feature.name}/${set}.json "${id}" lacks the plural forms ${missing.join(', ')}`,
          );
        const own = placeholderKey(text);
        const expected = id in base ? placeholderKey(base[id]) : own;
        if (own !== expected) {
          problems.push(
            `${feature.name}/${set}.json "${id}" uses {${own}}; pt uses {${expected}}`,
          );
        }
      } catch (error) {
        problems.push(
          `${feature.name}/${set}.json "${id}" is not valid ICU: ${error.message}`,
        );
      }
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  'messages: every set has the same ids and placeholders as pt, and every plural form its language needs',
);
