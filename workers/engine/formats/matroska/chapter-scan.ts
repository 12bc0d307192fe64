/**
 * Chapters stay: they are how a viewer moves through the film. Their titles are what a person
 * wrote (a place, a name, a date), so they are listed for review, as an MP4's chapter track is.
 */
import { MAX_DEPTH } from '../../limits';
import { textTrackFindings } from '../../metadata/text-tracks';
import type { EbmlCursor } from './cursor';
import type { Element } from './ebml';
import { leafText } from './fields';
import {
  CHAP_STRING,
  CHAPTER_ATOM,
  CHAPTER_DISPLAY,
  EDITION_ENTRY,
} from './ids';
import type { Analysis } from './targets';

const LOCATION = 'Segment/Chapters';
/** Titles read for the report; a file with more says enough with these. */
const MAX_TITLES = 200;

export async function scanChapters(
  cursor: EbmlCursor,
  chapters: Element,
  into: Analysis,
): Promise<void> {
  const titles: string[] = [];
  for (const edition of await cursor.children(chapters, 2))
    if (edition.id === EDITION_ENTRY) await atoms(cursor, edition, 3, titles);
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

/** An atom's titles, then its nested atoms' (RFC 9559 5.1.7.1.4: atoms nest). */
async function atoms(
  cursor: EbmlCursor,
  parent: Element,
  depth: number,
  titles: string[],
): Promise<void> {
  if (depth > MAX_DEPTH) return;
  for (const child of await cursor.children(parent, depth)) {
    if (titles.length >= MAX_TITLES) return;
    if (child.id === CHAPTER_ATOM)
      await atoms(cursor, child, depth + 1, titles);
    if (child.id !== CHAPTER_DISPLAY) continue;
    for (const display of await cursor.children(child, depth + 1))
      if (display.id === CHAP_STRING) {
        const title = (await leafText(cursor, display)).trim();
        if (title) titles.push(title);
      }
  }
}
