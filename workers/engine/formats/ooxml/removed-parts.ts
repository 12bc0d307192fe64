/**
 * Which parts of an Office package go: they hold people, history or nothing the document needs.
 * A part goes when its name follows the convention Office uses, or when a relationship of one of
 * these types points at it (names are only conventional).
 */
import type { FindingCategory } from '../../findings';
import { isSystemFile } from '../../shared/zip';

export const REMOVED_RELATIONSHIP_TYPES: ReadonlyMap<string, FindingCategory> =
  new Map([
    ['custom-properties', 'other'],
    ['thumbnail', 'thumbnail'],
    ['customXml', 'other'],
    ['customXmlProps', 'other'],
    ['comments', 'comment'],
    ['commentsExtended', 'comment'],
    ['commentsIds', 'comment'],
    ['commentsExtensible', 'comment'],
    ['people', 'author'],
    ['person', 'author'],
    ['threadedComment', 'comment'],
    ['commentAuthors', 'author'],
    ['authors', 'author'],
    ['printerSettings', 'device'],
    // The template a document was made from, often a path in the author's profile.
    ['attachedTemplate', 'author'],
    // Mail merge's data source and header source (paths, often in the author's profile) and
    // the recipients chosen from it; the settings that name them go too.
    ['mailMergeSource', 'author'],
    ['mailMergeHeaderSource', 'author'],
    ['recipientData', 'author'],
    // A sensitivity label names the organisation's directory (its tenant id) and who applied it.
    ['classificationlabels', 'identifier'],
    // PowerPoint's co-authoring record (who changed what, with their account ids) and the ids
    // and dates of the clients that edited the deck.
    ['changesInfo', 'author'],
    ['revisionInfo', 'history'],
    // A shared workbook's revision log (earlier cell values, who changed them and when) and its
    // list of users.
    ['revisionHeaders', 'history'],
    ['revisionLog', 'history'],
    ['usernames', 'author'],
  ]);

const REMOVED_NAMES: readonly [RegExp, FindingCategory][] = [
  [/^docProps\/custom\.xml$/, 'other'],
  [/^docProps\/thumbnail\.[^/]+$/i, 'thumbnail'],
  [/^customXml\//, 'other'],
  [/^word\/comments[^/]*\.xml$/, 'comment'],
  [/^word\/people\.xml$/, 'author'],
  [/^xl\/comments[^/]*\.xml$/, 'comment'],
  [/^xl\/threadedComments\//, 'comment'],
  [/^xl\/persons\//, 'author'],
  [/^ppt\/comments\//, 'comment'],
  [/^ppt\/commentAuthors\.xml$/, 'author'],
  [/^ppt\/authors\.xml$/, 'author'],
  [/(^|\/)printerSettings\//, 'device'],
  [/^docMetadata\/LabelInfo\.xml$/, 'identifier'],
  [/^ppt\/changesInfos\//, 'author'],
  [/^ppt\/revisionInfo\.xml$/, 'history'],
  [/^xl\/revisions\//, 'history'],
  [/^xl\/usernames\.xml$/, 'author'],
  // Parts Office moved aside when they were deleted: earlier content.
  [/^\[trash\]\//, 'history'],
];

export function removedByName(name: string): FindingCategory | null {
  if (isSystemFile(name)) return 'other';
  for (const [re, category] of REMOVED_NAMES)
    if (re.test(name)) return category;
  return null;
}
