/** The Tags element goes whole; walking it only lists what it held for the report. */
import { finding, type Finding } from '../../findings';
import { MAX_DEPTH } from '../../limits';
import type { Analysis } from './targets';
import type { EbmlCursor } from './cursor';
import type { Element } from './ebml';
import { leafText } from './fields';
import { SIMPLE_TAG, TAG, TAG_NAME, TAG_STRING } from './ids';
import { tagField } from './tags';
import { locationFinding } from '../../metadata/iso6709';

const LOCATION = 'Segment/Tags';
/** The whole Tags element is voided anyway; past this many entries the report says enough. */
const MAX_REPORTED_TAGS = 1000;

export async function scanTags(
  cursor: EbmlCursor,
  tags: Element,
  into: Analysis,
): Promise<void> {
  const findings: Finding[] = [];
  for (const tag of await cursor.children(tags, 2)) {
    if (tag.id !== TAG || findings.length >= MAX_REPORTED_TAGS) continue;
    for (const child of await cursor.children(tag, 3)) {
      if (child.id === SIMPLE_TAG) await simpleTag(cursor, child, 4, findings);
    }
  }
  if (findings.length === 0)
    findings.push(finding('other.data', 'Tags', LOCATION));
  into.targets.push({ element: tags, findings });
}

/** A SimpleTag holds a name, a string value, and possibly nested SimpleTags. */
async function simpleTag(
  cursor: EbmlCursor,
  element: Element,
  depth: number,
  into: Finding[],
): Promise<void> {
  if (depth > MAX_DEPTH || into.length >= MAX_REPORTED_TAGS) return;
  let name = '';
  let value: string | undefined;
  for (const child of await cursor.children(element, depth)) {
    if (child.id === TAG_NAME) name = await leafText(cursor, child);
    if (child.id === TAG_STRING) value = await leafText(cursor, child);
    if (child.id === SIMPLE_TAG)
      await simpleTag(cursor, child, depth + 1, into);
  }
  if (!name) return;
  into.push(locationFinding(tagField(name), name, LOCATION, value));
}
