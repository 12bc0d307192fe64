/**
 * Which parts of an Office package go: they hold people, history or nothing the document needs.
 * A part goes when its name follows the convention Office uses, or when a relationship of one of
 * these types points at it (names are only conventional).
 */
import type { FieldId } from '../../fields';
import { isSystemFile } from '../../shared/zip';

export const REMOVED_RELATIONSHIP_TYPES: ReadonlyMap<string, FieldId> = new Map(
  [
    ['custom-properties', 'document.extra-part'],
    ['thumbnail', 'thumbnail.image'],
    ['customXml', 'document.extra-part'],
    ['customXmlProps', 'document.extra-part'],
    ['comments', 'document.comments-part'],
    ['commentsExtended', 'document.comments-part'],
    ['commentsIds', 'document.comments-part'],
    ['commentsExtensible', 'document.comments-part'],
    ['people', 'document.people-part'],
    ['person', 'document.people-part'],
    ['threadedComment', 'document.comments-part'],
    ['commentAuthors', 'document.people-part'],
    ['authors', 'document.people-part'],
    ['printerSettings', 'document.printer-part'],
    // The template a document was made from, often a path in the author's profile.
    ['attachedTemplate', 'software.template'],
    // Mail merge's data source and header source (paths, often in the author's profile) and
    // the recipients chosen from it; the settings that name them go too.
    ['mailMergeSource', 'identifier.file-name'],
    ['mailMergeHeaderSource', 'identifier.file-name'],
    ['recipientData', 'document.people-part'],
    // A sensitivity label names the organisation's directory (its tenant id) and who applied it.
    ['classificationlabels', 'document.label-part'],
    // PowerPoint's co-authoring record (who changed what, with their account ids) and the ids
    // and dates of the clients that edited the deck.
    ['changesInfo', 'document.people-part'],
    ['revisionInfo', 'document.history-part'],
    // A shared workbook's revision log (earlier cell values, who changed them and when) and its
    // list of users.
    ['revisionHeaders', 'document.history-part'],
    ['revisionLog', 'document.history-part'],
    ['usernames', 'document.people-part'],
    // PowerPoint's programmable tags (ECMA-376 Part 1, 19.3.3): name/value pairs add-ins keep
    // unseen (paths, user names, machine details); nothing a slide shows.
    ['tags', 'document.extra-part'],
  ],
);

const OOXML = 'application/vnd.openxmlformats-officedocument.';
const WORD = `${OOXML}wordprocessingml.`;
/**
 * The role a part's content type gives it (ECMA-376 Part 2, 10.1.2.2: the content type says
 * what a part's bytes are), as the relationship type that names that role. A part reached by a
 * relationship of another type is still what its content type says: a reader that goes by
 * content type or name (exiftool reads the properties parts) finds it there.
 */
const ROLES_BY_CONTENT_TYPE: ReadonlyMap<string, string> = lowerKeys([
  [
    'application/vnd.openxmlformats-package.core-properties+xml',
    'core-properties',
  ],
  [`${OOXML}extended-properties+xml`, 'extended-properties'],
  [`${OOXML}custom-properties+xml`, 'custom-properties'],
  [`${OOXML}customXmlProperties+xml`, 'customXmlProps'],
  [`${WORD}comments+xml`, 'comments'],
  [`${WORD}commentsExtended+xml`, 'commentsExtended'],
  [`${WORD}commentsIds+xml`, 'commentsIds'],
  [`${WORD}commentsExtensible+xml`, 'commentsExtensible'],
  [`${WORD}people+xml`, 'people'],
  [`${OOXML}spreadsheetml.comments+xml`, 'comments'],
  ['application/vnd.ms-excel.threadedcomments+xml', 'threadedComment'],
  ['application/vnd.ms-excel.person+xml', 'person'],
  [`${OOXML}spreadsheetml.revisionHeaders+xml`, 'revisionHeaders'],
  [`${OOXML}spreadsheetml.revisionLog+xml`, 'revisionLog'],
  [`${OOXML}spreadsheetml.userNames+xml`, 'usernames'],
  [`${OOXML}presentationml.comments+xml`, 'comments'],
  [`${OOXML}presentationml.commentAuthors+xml`, 'commentAuthors'],
  ['application/vnd.ms-powerpoint.comments+xml', 'comments'],
  ['application/vnd.ms-powerpoint.authors+xml', 'authors'],
  ['application/vnd.ms-powerpoint.changesinfo+xml', 'changesInfo'],
  ['application/vnd.ms-powerpoint.revisioninfo+xml', 'revisionInfo'],
  [`${OOXML}presentationml.tags+xml`, 'tags'],
  [
    'application/vnd.ms-office.classificationlabels+xml',
    'classificationlabels',
  ],
  // Settings parts, whose person and path attributes the settings rules remove.
  [`${WORD}settings+xml`, 'settings'],
  [`${WORD}webSettings+xml`, 'webSettings'],
  [`${OOXML}spreadsheetml.connections+xml`, 'connections'],
  [`${OOXML}spreadsheetml.pivotCacheDefinition+xml`, 'pivotCacheDefinition'],
  [`${OOXML}presentationml.presProps+xml`, 'presProps'],
  [`${OOXML}presentationml.viewProps+xml`, 'viewProps'],
]);

/** Media types compare without case (RFC 9110, 8.3.1); parameters aside. */
function lowerKeys(pairs: [string, string][]): ReadonlyMap<string, string> {
  return new Map(pairs.map(([type, role]) => [type.toLowerCase(), role]));
}
const mediaType = (contentType: string): string =>
  contentType.split(';')[0]!.trim().toLowerCase();

/**
 * The role of a part reached by a relationship of `relationship`'s type: its content type's,
 * when that names a part that goes, a properties part or a settings part, else the
 * relationship's.
 */
export const partRole = (
  relationship: string,
  contentType: string | undefined,
): string =>
  ROLES_BY_CONTENT_TYPE.get(mediaType(contentType ?? '')) ?? relationship;

const REMOVED_NAMES: readonly [RegExp, FieldId][] = [
  [/^docProps\/custom\.xml$/i, 'document.extra-part'],
  [/^docProps\/thumbnail\.[^/]+$/i, 'thumbnail.image'],
  [/^customXml\//i, 'document.extra-part'],
  [/^word\/comments[^/]*\.xml$/i, 'document.comments-part'],
  [/^word\/people\.xml$/i, 'document.people-part'],
  [/^xl\/comments[^/]*\.xml$/i, 'document.comments-part'],
  [/^xl\/threadedComments\//i, 'document.comments-part'],
  [/^xl\/persons\//i, 'document.people-part'],
  [/^ppt\/comments\//i, 'document.comments-part'],
  [/^ppt\/commentAuthors\.xml$/i, 'document.people-part'],
  [/^ppt\/authors\.xml$/i, 'document.people-part'],
  [/(^|\/)printerSettings\//i, 'document.printer-part'],
  [/^docMetadata\/LabelInfo\.xml$/i, 'document.label-part'],
  [/^ppt\/changesInfos\//i, 'document.people-part'],
  [/^ppt\/revisionInfo\.xml$/i, 'document.history-part'],
  [/^xl\/revisions\//i, 'document.history-part'],
  [/^xl\/usernames\.xml$/i, 'document.people-part'],
  [/^ppt\/tags\//i, 'document.extra-part'],
  // Parts Office moved aside when they were deleted: earlier content.
  [/^\[trash\]\//i, 'document.history-part'],
];

export function removedByName(name: string): FieldId | null {
  if (isSystemFile(name)) return 'document.extra-part';
  for (const [re, category] of REMOVED_NAMES)
    if (re.test(name)) return category;
  return null;
}
