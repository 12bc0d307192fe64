/**
 * Chapters stay: they are how a viewer moves through the film. Their titles are what a person
 * wrote (a place, a name, a date), so they are listed for review, as an MP4's chapter track is.
 * A chapter's ChapProcess (RFC 9559 5.1.7.1.4.14: a menu system's private data and commands,
 * bytes no player of the film needs and nothing here reads) is voided.
 */
import { finding } from '../../findings';
import { MAX_DEPTH } from '../../limits';
import { textTrackFindings } from '../../metadata/text-tracks';
import type { EbmlCursor } from './cursor';
import type { Element } from './ebml';
import { leafText } from './fields';
import {
  CHAP_PROCESS,
  CHAP_STRING,
  CHAPTER_ATOM,
  CHAPTER_DISPLAY,
  EDITION_ENTRY,
} from './ids';
import { noteCrc, type Analysis } from './targets';

const LOCATION = 'Segment/Chapters';
/** Titles read for the report; a file with more says enough with these. */
const MAX_TITLES = 200;

export async function scanChapters(
  cursor: EbmlCursor,
  chapters: Element,
  into: Analysis,
): Promise<void> {
  const titles: string[] = [];
  const editions = await cursor.children(chapters, 2);
  let changed = false;
  for (const edition of editions)
    if (edition.id === EDITION_ENTRY)
      changed = (await atoms(cursor, edition, 3, titles, into)) || changed;
  noteCrc(into, chapters, editions, 1, changed);
  if (titles.length === 0) return;
  into.kept.push(
    ...textTrackFindings(
      {
        label: 'Chapters',
        location: LOCATION,
        language: 'und',
        chapters: true,
      },
      titles,
      null,
    ),
  );
}

/** An atom's titles, then its nested atoms' (RFC 9559 5.1.7.1.4: atoms nest); true when a
 * ChapProcess in it was voided. */
async function atoms(
  cursor: EbmlCursor,
  parent: Element,
  depth: number,
  titles: string[],
  into: Analysis,
): Promise<boolean> {
  if (depth > MAX_DEPTH) return false;
  const children = await cursor.children(parent, depth);
  let changed = false;
  for (const child of children) {
    if (child.id === CHAP_PROCESS) {
      into.targets.push({
        element: child,
        findings: [finding('other.data', 'ChapProcess', LOCATION)],
      });
      changed = true;
    }
    if (child.id === CHAPTER_ATOM)
      changed =
        (await atoms(cursor, child, depth + 1, titles, into)) || changed;
    if (child.id !== CHAPTER_DISPLAY || titles.length >= MAX_TITLES) continue;
    for (const display of await cursor.children(child, depth + 1))
      if (display.id === CHAP_STRING) {
        const title = (await leafText(cursor, display)).trim();
        if (title) titles.push(title);
      }
  }
  noteCrc(into, parent, children, depth - 1, changed);
  return changed;
}
