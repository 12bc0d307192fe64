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
  [/^docProps\/custom\.xml$/i, 'other'],
  [/^docProps\/thumbnail\.[^/]+$/i, 'thumbnail'],
  [/^customXml\//i, 'other'],
  [/^word\/comments[^/]*\.xml$/i, 'comment'],
  [/^word\/people\.xml$/i, 'author'],
  [/^xl\/comments[^/]*\.xml$/i, 'comment'],
  [/^xl\/threadedComments\//i, 'comment'],
  [/^xl\/persons\//i, 'author'],
  [/^ppt\/comments\//i, 'comment'],
  [/^ppt\/commentAuthors\.xml$/i, 'author'],
  [/^ppt\/authors\.xml$/i, 'author'],
  [/(^|\/)printerSettings\//i, 'device'],
  [/^docMetadata\/LabelInfo\.xml$/i, 'identifier'],
  [/^ppt\/changesInfos\//i, 'author'],
  [/^ppt\/revisionInfo\.xml$/i, 'history'],
  [/^xl\/revisions\//i, 'history'],
  [/^xl\/usernames\.xml$/i, 'author'],
  // Parts Office moved aside when they were deleted: earlier content.
  [/^\[trash\]\//i, 'history'],
];

export function removedByName(name: string): FindingCategory | null {
  if (isSystemFile(name)) return 'other';
  for (const [re, category] of REMOVED_NAMES)
    if (re.test(name)) return category;
  return null;
}
