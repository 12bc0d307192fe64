// Fails when a message set lacks an id that Portuguese has, or has one Portuguese lacks, in any
// feature folder of i18n/messages, or when a message is not valid ICU.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';

const root = new URL('../i18n/messages/', import.meta.url).pathname;
const SETS = ['pt', 'en', 'en-GB', 'de', 'de-CH', 'it', 'ar'];
const problems = [];

for (const feature of readdirSync(root, { withFileTypes: true })) {
  if (!feature.isDirectory()) continue;
  const read = (set) =>
    JSON.parse(readFileSync(join(root, feature.name, `${set}.json`), 'utf8'));
  const base = read('pt');
  for (const set of SETS) {
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
        parse(text);
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
console.log('messages: every set has the same ids as pt');
