/**
 * Real documents judged by readers other than the engine: the canaries are the values exiftool
 * (with Archive::Zip, so it reads inside the package) shows of who made the file, with what and
 * when; the leak oracle then looks for each in every layer of the output. A refusal is no pass: it
 * must be named, with its code, in the test's table of expected refusals.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect } from 'vitest';
import { EngineError } from '../../workers/engine/errors';
import { exiftoolTags } from './exiftool';
import { expectNoLeaks } from './leak-oracle';
import { cleaned } from './zip-tools';

/** Tag names (without group) whose values say who, with what or when. */
export const DOCUMENT_PERSON_TAGS: ReadonlySet<string> = new Set([
  'Author',
  'Creator',
  'Initial-creator',
  'LastModifiedBy',
  'Company',
  'Manager',
  'Application',
  'Generator',
  'Producer',
  'CreateDate',
  'ModifyDate',
  'Creation-date',
  'Date',
  'ConversionDate',
]);

/** A value too short or too common to search for as text (a year, a bare number). */
const MIN_CANARY_LENGTH = 4;
const isSearchable = (value: string) =>
  value.length >= MIN_CANARY_LENGTH && !/^[\d.\s:-]+$/.test(value);

/** The identifying values exiftool reads from a real document, as canaries. */
export function readerCanaries(
  path: string,
  tags: ReadonlySet<string> = DOCUMENT_PERSON_TAGS,
): string[] {
  const values = Object.entries(exiftoolTags(path)).flatMap(([key, value]) => {
    const name = key.slice(key.indexOf(':') + 1);
    return tags.has(name) ? [String(value).trim()] : [];
  });
  return [...new Set(values.filter(isSearchable))];
}

/**
 * Cleans a real document and judges it: a refusal must be the one `refusals` names for the file;
 * an output must hold none of the reader's canaries (and there must be some to look for).
 */
export async function judgeRealDocument(
  path: string,
  refusals: Readonly<Record<string, string>>,
  tags: ReadonlySet<string> = DOCUMENT_PERSON_TAGS,
): Promise<void> {
  const file = basename(path);
  const input = new Uint8Array(readFileSync(path));
  const outcome = await cleaned(input).catch((e: unknown) => e);
  if (outcome instanceof EngineError) {
    expect(outcome.code, `${file} was refused`).toBe(refusals[file]);
    return;
  }
  if (!(outcome instanceof Object) || !('output' in outcome)) throw outcome;
  expect(
    refusals[file],
    `${file} is listed as refused but was cleaned`,
  ).toBeUndefined();
  const canaries = readerCanaries(path, tags);
  expect(
    canaries.length,
    `exiftool shows nothing identifying in ${file}`,
  ).toBeGreaterThan(0);
  expectNoLeaks(input, outcome.output as Uint8Array, canaries);
}
