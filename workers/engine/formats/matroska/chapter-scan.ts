/**
 * Chapters stay: they are how a viewer moves through the film. Their titles are what a person
 * wrote (a place, a name, a date), so they are listed for review, as an MP4's chapter track is.
 * A chapter's ChapProcess (RFC 9559 5.1.7.1.4.14: a menu system's private data and commands,
 * bytes no player of the film needs and nothing here reads) is voided, and so is any child of
 * the chapters' masters that RFC 9559 5.1.7 does not name there, as in Segment Info; a Void
 * among them that holds anything is zero-filled (void-contents.ts).
 */
import { finding } from '../../findings';
import { MAX_DEPTH } from '../../limits';
import { textTrackFindings } from '../../metadata/text-tracks';
import type { EbmlCursor } from './cursor';
import type { Element } from './ebml';
import { leafText, unknownElementLabel } from './fields';
import * as ID from './ids';
import { ANY_MASTER } from './keep-walk';
import { noteCrc, type Analysis } from './targets';
import { emptyVoid } from './void-contents';

const LOCATION = 'Segment/Chapters';
/** Titles read for the report; a file with more says enough with these. */
const MAX_TITLES = 200;
/**
 * The children RFC 9559 5.1.7 names for each master of the chapters (ChapProcess aside, voided
 * above): what a player needs to list, place, show and link the chapters.
 */
const CHILDREN: ReadonlyMap<number, ReadonlySet<number>> = new Map(
  (
    [
      [ID.CHAPTERS, [ID.EDITION_ENTRY]],
      [
        ID.EDITION_ENTRY,
        [
          ID.EDITION_UID,
          ID.EDITION_FLAG_HIDDEN,
          ID.EDITION_FLAG_DEFAULT,
          ID.EDITION_FLAG_ORDERED,
          ID.EDITION_DISPLAY,
          ID.CHAPTER_ATOM,
        ],
      ],
      [ID.EDITION_DISPLAY, [ID.EDITION_STRING, ID.EDITION_LANGUAGE_IETF]],
      [
        ID.CHAPTER_ATOM,
        [
          ID.CHAPTER_UID,
          ID.CHAPTER_STRING_UID,
          ID.CHAPTER_TIME_START,
          ID.CHAPTER_TIME_END,
          ID.CHAPTER_FLAG_HIDDEN,
          ID.CHAPTER_FLAG_ENABLED,
          ID.CHAPTER_SEGMENT_UUID,
          ID.CHAPTER_SKIP_TYPE,
          ID.CHAPTER_SEGMENT_EDITION_UID,
          ID.CHAPTER_PHYSICAL_EQUIV,
          ID.CHAPTER_TRACK,
          ID.CHAPTER_DISPLAY,
          ID.CHAPTER_ATOM,
        ],
      ],
      [ID.CHAPTER_TRACK, [ID.CHAPTER_TRACK_UID]],
      [
        ID.CHAPTER_DISPLAY,
        [
          ID.CHAP_STRING,
          ID.CHAP_LANGUAGE,
          ID.CHAP_LANGUAGE_BCP47,
          ID.CHAP_COUNTRY,
        ],
      ],
    ] as const
  ).map(([master, children]) => [
    master,
    new Set([...children, ...ANY_MASTER]),
  ]),
);

export async function scanChapters(
  cursor: EbmlCursor,
  chapters: Element,
  into: Analysis,
): Promise<void> {
  const titles: string[] = [];
  await scanMaster(cursor, chapters, 2, titles, into);
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

/**
 * A master's children (at `depth`): ChapProcess and those it may not hold voided, a Void's old
 * bytes zero-filled, its masters walked in turn (atoms nest, RFC 9559 5.1.7.1.4), a display's
 * titles kept for the report; true when something in it changed.
 */
async function scanMaster(
  cursor: EbmlCursor,
  master: Element,
  depth: number,
  titles: string[],
  into: Analysis,
): Promise<boolean> {
  if (depth > MAX_DEPTH) return false;
  const allowed = CHILDREN.get(master.id)!;
  const children = await cursor.children(master, depth);
  let changed = false;
  for (const child of children) {
    if (child.id === ID.CHAP_PROCESS || !allowed.has(child.id)) {
      const label =
        child.id === ID.CHAP_PROCESS
          ? 'ChapProcess'
          : unknownElementLabel(child.id);
      into.targets.push({
        element: child,
        findings: [finding('other.data', label, LOCATION)],
      });
      changed = true;
    } else if (await emptyVoid(cursor, child, LOCATION, into)) changed = true;
    else if (CHILDREN.has(child.id))
      changed =
        (await scanMaster(cursor, child, depth + 1, titles, into)) || changed;
    else if (child.id === ID.CHAP_STRING && titles.length < MAX_TITLES) {
      const title = (await leafText(cursor, child)).trim();
      if (title) titles.push(title);
    }
  }
  noteCrc(into, master, children, depth - 1, changed);
  return changed;
}
