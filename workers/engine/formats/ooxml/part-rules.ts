/**
 * What is removed inside an Office XML part, and what is reported as kept for review, in one walk.
 * Every removal is a range edit: the rest of the part stays byte for byte as it was.
 */
import type { FieldId } from '../../fields';
import {
  finding,
  FindingCounts,
  TRACKED_CHANGES,
  type Finding,
} from '../../findings';
import {
  attribute,
  decodeEntities,
  holdsLocalPath,
  localName,
  withoutFolders,
  type XmlEdits,
  type XmlElement,
} from '../../shared/xml';
import type { XmlPass } from '../../shared/zip';

export interface PartContext {
  /** Relationship ids of this part whose targets are removed: elements naming them go too. */
  readonly removedIds: ReadonlySet<string>;
  /** PowerPoint's slide size (EMU), for content placed off the slide. */
  readonly slideSize?: { cx: number; cy: number };
}

/** Word's tracked changes whose content stays (accepted insertions and moves). */
const UNWRAP = new Set(['w:ins', 'w:moveTo']);
/** Tracked changes whose content goes (accepted deletions, moves away, former properties). */
const DROP = new Set([
  'w:del',
  'w:moveFrom',
  'w:rPrChange',
  'w:pPrChange',
  'w:sectPrChange',
  'w:tblPrChange',
  'w:tblPrExChange',
  'w:trPrChange',
  'w:tcPrChange',
  'w:tblGridChange',
  'w:numberingChange',
]);
/** Range marks of tracked changes and cell-level change marks: removed with the change. */
const MARKS = new Set([
  'w:moveFromRangeStart',
  'w:moveFromRangeEnd',
  'w:moveToRangeStart',
  'w:moveToRangeEnd',
  'w:customXmlInsRangeStart',
  'w:customXmlInsRangeEnd',
  'w:customXmlDelRangeStart',
  'w:customXmlDelRangeEnd',
  'w:customXmlMoveFromRangeStart',
  'w:customXmlMoveFromRangeEnd',
  'w:customXmlMoveToRangeStart',
  'w:customXmlMoveToRangeEnd',
  'w:cellIns',
  'w:cellDel',
  'w:cellMerge',
]);
const COMMENT_ANCHORS = new Set([
  'w:commentRangeStart',
  'w:commentRangeEnd',
  'w:commentReference',
]);
/**
 * Identifiers of the document or its editing sessions (Word's docId, PowerPoint's creationId).
 * Word's paragraph ids (w14:paraId, w14:textId) stay: each names a paragraph, not a person, a
 * session or a time, and a comment's extension data finds its paragraph by them; rsids go
 * because each is an editing session (the document's history), and Excel's `xr*:uid` because
 * they tie the workbook's pieces to its revision log.
 */
const ID_ELEMENTS = new Set([
  'w14:docId',
  'w15:docId',
  'p14:creationId',
  'xr:revisionPtr',
]);
const FILE_VERSION_BUILD = new Set(['lastEdited', 'lowestEdited', 'rupBuild']);
/**
 * A drawing's name, title and description (DrawingML's `cNvPr`, WordprocessingML's `wp:docPr`,
 * ECMA-376 Part 1, 20.1.2.2.8) and a VML shape's alternative text and picture title: Office fills
 * them with the inserted picture's path on the author's disk. A local path in them keeps only the
 * file name; the rest is the author's words for the picture, content.
 */
const DRAWING_NAMES = new Set(['cNvPr', 'docPr']);
const DRAWING_NAME_ATTRIBUTES = new Set(['name', 'descr', 'title']);
/**
 * VML's `o:href`, `o:althref` and `src`: where a linked picture, and its alternative, were read
 * from (ECMA-376 Part 4, 14.1.2.11 imagedata, 14.1.2.5 fill).
 */
const VML_NAME_ATTRIBUTES = new Set([
  'alt',
  'o:title',
  'o:href',
  'o:althref',
  'src',
]);
const namesPicture = (el: XmlElement, attr: string): boolean =>
  el.name.startsWith('v:')
    ? VML_NAME_ATTRIBUTES.has(attr)
    : DRAWING_NAMES.has(localName(el.name)) &&
      DRAWING_NAME_ATTRIBUTES.has(attr);
/**
 * Where a DDE link reads from (ECMA-376 Part 1, 18.14: a ddeLink's ddeTopic, its source document,
 * `C:\Users\alice\[book.xls]Sheet1`): a path on the author's disk keeps only its file name, as a
 * linked file's relationship does.
 */
const namesSource = (el: XmlElement, attr: string): boolean =>
  attr === 'ddeTopic' && localName(el.name) === 'ddeLink';
/**
 * PowerPoint's modern comment authors ([MS-PPTX] 2.3.24 p188:authorLst: names, user and provider
 * ids), Excel's people ([MS-XLSX] 2.6.203 xltc:personList) and Word's ([MS-DOCX] 2.5.2.13
 * w15:person, with its account in w15:presenceInfo): removed wherever they stand, like the parts
 * Office keeps them in, with the names they held. A Word person is its own list.
 */
const PEOPLE = new Set([
  'p188:authorLst',
  'xltc:personList',
  'w15:person',
  'w15:presenceInfo',
]);
/** The attribute of a person entry that is their name, or their account. */
const PERSON_NAME: Readonly<Record<string, string>> = {
  'p188:author': 'name',
  'xltc:person': 'displayName',
  'w15:person': 'w15:author',
  'w15:presenceInfo': 'w15:userId',
};
/**
 * Modern and threaded comments ([MS-PPTX] 2.3.17 p188:cmLst, [MS-XLSX] 2.6.202
 * xltc:ThreadedComments): their text and their authors' ids, removed wherever they stand.
 */
const COMMENT_LISTS = new Set(['p188:cmLst', 'xltc:ThreadedComments']);

/**
 * The root elements of parts that go whole (removed-parts.ts), as any part may hold them: a part
 * whose relationship and content type both say something else (`application/xml`, a made-up
 * relationship type) still reaches a reader that goes by name or root (exiftool reads
 * `docProps/*.xml`). Such a part keeps its root, emptied.
 */
const ROOTS_EMPTIED: ReadonlyMap<string, FieldId> = new Map([
  ['cp:coreProperties', 'document.extra-part'],
  // Custom and extended properties: both vocabularies are written without a prefix.
  ['Properties', 'document.extra-part'],
  ['ds:datastoreItem', 'document.extra-part'],
  ['w:comments', 'document.comments-part'],
  ['w15:commentsEx', 'document.comments-part'],
  ['w16cid:commentsIds', 'document.comments-part'],
  ['w16cex:commentsExtensible', 'document.comments-part'],
  ['w15:people', 'document.people-part'],
  ['comments', 'document.comments-part'],
  ['headers', 'document.history-part'],
  ['revisions', 'document.history-part'],
  ['users', 'document.people-part'],
  ['p:cmLst', 'document.comments-part'],
  ['p:cmAuthorLst', 'document.people-part'],
  ['p:tagLst', 'document.extra-part'],
]);

/**
 * Editing restrictions that keep a hash of the password that lifts them (ECMA-376 Part 1,
 * 17.15.1.29 documentProtection, 17.15.1.93 writeProtection, 18.2.29 workbookProtection,
 * 18.3.1.85 sheetProtection, 18.3.1.72 protectedRange, 18.2.12 fileSharing; 19.2.1.19
 * modifyVerifier): the restriction is what the author chose, so it stays, but anyone with the
 * file can try passwords against the hash, so it is listed for review.
 */
const PROTECTIONS = new Set([
  'documentProtection',
  'writeProtection',
  'workbookProtection',
  'sheetProtection',
  'protectedRange',
  'fileSharing',
  'modifyVerifier',
]);
const PASSWORD_HASH = /hash|password/i;
const PROTECTED_BY_PASSWORD = 'password hash of an editing restriction';

const within = (el: XmlElement, names: ReadonlySet<string>): boolean => {
  for (let p = el.parent; p; p = p.parent) if (names.has(p.name)) return true;
  return false;
};
const ancestor = (el: XmlElement, name: string): XmlElement | null => {
  for (let p = el.parent; p; p = p.parent) if (p.name === name) return p;
  return null;
};
const DELETED = new Set(['w:del', 'w:moveFrom']);
const isTrue = (v: string | undefined) => v === '1' || v === 'true';

class Counter {
  readonly counts = new Map<string, number>();
  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
}

/** The rules of every Office XML part, as its visitor in the part's single walk. */
export function partRules(
  name: string,
  ctx: PartContext,
  edits: XmlEdits,
): XmlPass {
  const findings: Finding[] = [];
  const removedChildren = new Map<XmlElement, number>();
  const marked = new Set<XmlElement>();
  /** Open ancestors to remove whole once they close (their end is not known yet). */
  const dropAtClose = new Set<XmlElement>();
  const removed = new Counter();
  const review = new FindingCounts();
  const authors = new Set<string>();
  const people: string[] = [];
  let tracked = 0;
  const storyText: string[] = [];
  const isHeaderFooter = /^word\/(header|footer)\d*\.xml$/i.test(name);
  const isNotes = /^ppt\/notesSlides\//i.test(name);
  const isSlide = /^ppt\/slides\/slide\d+\.xml$/i.test(name);
  const isSheet = /^xl\/worksheets\//i.test(name);
  const offSlide: { x?: number; y?: number; cx?: number; cy?: number } = {};

  const remove = (el: XmlElement) => {
    edits.remove(el.start, el.end);
    if (el.parent)
      removedChildren.set(el.parent, (removedChildren.get(el.parent) ?? 0) + 1);
  };
  const unwrap = (el: XmlElement) => {
    edits.remove(el.start, el.openEnd);
    if (el.closeStart < el.end) edits.remove(el.closeStart, el.end);
  };

  return {
    open(el) {
      for (const a of el.attributes) {
        if (el.name === 'w:permStart' && a.name === 'w:ed') {
          // A range-permission's single editor (ECMA-376 Part 1, 17.13.7.2): a person's name.
          edits.remove(a.start, a.end);
          findings.push(
            finding(
              'author.person',
              'w:permStart w:ed',
              name,
              decodeEntities(a.raw),
            ),
          );
        } else if (a.name.startsWith('w:rsid')) {
          edits.remove(a.start, a.end);
          removed.add('rsid');
        } else if (/^xr\d*:uid$/.test(a.name)) {
          edits.remove(a.start, a.end);
          removed.add('uid');
        } else if (
          localName(el.name) === 'fileVersion' &&
          FILE_VERSION_BUILD.has(a.name)
        ) {
          edits.remove(a.start, a.end);
          removed.add('build');
        } else if (
          (namesPicture(el, a.name) || namesSource(el, a.name)) &&
          holdsLocalPath(a.raw)
        ) {
          edits.replace(a.valueStart, a.valueEnd, withoutFolders(a.raw));
          findings.push(
            finding(
              'identifier.file-name',
              `${el.name} ${a.name}`,
              name,
              decodeEntities(a.raw),
            ),
          );
        } else if (
          a.name.startsWith('r:') &&
          ctx.removedIds.has(decodeEntities(a.raw))
        ) {
          if (localName(el.name) === 'pageSetup') edits.remove(a.start, a.end);
          else marked.add(el);
        }
      }
      const personName = PERSON_NAME[el.name];
      if (personName !== undefined) {
        const person = attribute(el, personName)?.raw;
        if (person) people.push(decodeEntities(person));
      }
      if (DROP.has(el.name) || UNWRAP.has(el.name)) {
        const author = attribute(el, 'w:author')?.raw;
        if (author) authors.add(decodeEntities(author));
      }
      if (
        PROTECTIONS.has(localName(el.name)) &&
        el.attributes.some(
          (a) => PASSWORD_HASH.test(localName(a.name)) && a.raw.trim() !== '',
        )
      )
        review.add(PROTECTED_BY_PASSWORD);
      if (isSlide && el.name === 'p:sld' && attribute(el, 'show')?.raw === '0')
        review.add('hidden slide');
      if (isSheet && (el.name === 'row' || el.name === 'col'))
        if (isTrue(attribute(el, 'hidden')?.raw))
          review.add(`hidden ${el.name}`);
      if (el.name === 'sheet') {
        const state = attribute(el, 'state')?.raw;
        if (state === 'hidden' || state === 'veryHidden')
          findings.push(
            finding(
              'document.content',
              'hidden sheet',
              name,
              decodeEntities(attribute(el, 'name')?.raw ?? ''),
              'review',
            ),
          );
      }
      if (isSlide && (el.name === 'a:off' || el.name === 'a:ext')) {
        const parent = el.parent;
        if (parent && /:xfrm$/.test(parent.name) && !within(el, GROUPS)) {
          if (el.name === 'a:off') {
            offSlide.x = Number(attribute(el, 'x')?.raw);
            offSlide.y = Number(attribute(el, 'y')?.raw);
          } else {
            offSlide.cx = Number(attribute(el, 'cx')?.raw);
            offSlide.cy = Number(attribute(el, 'cy')?.raw);
          }
        }
      }
    },
    close(el) {
      const n = el.name;
      const selfClosing = el.closeStart === el.openEnd && el.end === el.openEnd;
      const emptied = el.parent === null ? ROOTS_EMPTIED.get(n) : undefined;
      if (emptied !== undefined) {
        if (el.closeStart > el.openEnd) {
          edits.remove(el.openEnd, el.closeStart);
          findings.push(finding(emptied, n, name));
        }
      } else if (dropAtClose.has(el)) {
        remove(el);
      } else if (PEOPLE.has(n) && !within(el, PEOPLE)) {
        remove(el);
        findings.push(
          finding(
            'author.person',
            n,
            name,
            people.splice(0).join(', ') || undefined,
          ),
        );
      } else if (COMMENT_LISTS.has(n)) {
        remove(el);
        findings.push(finding('content.comment', n, name));
      } else if (marked.has(el)) {
        remove(el);
        removed.add('reference to a removed part');
      } else if (n === 'w:rsids' || n === 'w:nsid') {
        remove(el);
        removed.add(n === 'w:rsids' ? 'rsid list' : 'nsid');
      } else if (ID_ELEMENTS.has(n)) {
        remove(el);
        removed.add(n);
      } else if (n === 'x15ac:absPath') {
        const wrapper = ancestor(el, 'mc:AlternateContent');
        if (wrapper) dropAtClose.add(wrapper);
        else remove(el);
        findings.push(
          finding(
            'identifier.file-name',
            'absPath',
            name,
            decodeEntities(attribute(el, 'url')?.raw ?? ''),
          ),
        );
      } else if (DROP.has(n) || UNWRAP.has(n)) {
        tracked++;
        if (n === 'w:del' && el.parent?.name === 'w:trPr') {
          const row = ancestor(el, 'w:tr');
          if (row) dropAtClose.add(row);
          else remove(el);
        } else if (DROP.has(n) || selfClosing) remove(el);
        else unwrap(el);
      } else if (MARKS.has(n)) {
        remove(el);
      } else if (COMMENT_ANCHORS.has(n)) {
        remove(el);
        removed.add('comment anchor');
      } else if (/:ext$/.test(n) && el.children > 0) {
        if ((removedChildren.get(el) ?? 0) === el.children) remove(el);
      } else if (n === 'w:r') {
        const gone = removedChildren.get(el) ?? 0;
        const props = runProps.get(el) ?? 0;
        if (gone > 0 && el.children === gone + props) remove(el);
      } else if (n === 'w:rPr' && el.parent?.name === 'w:r') {
        runProps.set(el.parent, 1);
      }
      if (
        n === 'w:vanish' &&
        el.parent?.parent?.name === 'w:r' &&
        !within(el, DELETED)
      )
        review.add('hidden text');
      if ((n === 'w:t' && isHeaderFooter) || (n === 'a:t' && isNotes))
        if (storyText.length < 50) storyText.push(decodeEntities(el.text));
      if (isSlide && /:xfrm$/.test(n) && offSlide.x !== undefined) {
        if (ctx.slideSize && isOff(offSlide, ctx.slideSize))
          review.add('content off the slide');
        offSlide.x = offSlide.y = offSlide.cx = offSlide.cy = undefined;
      }
    },
    done,
  };

  function done(): Finding[] {
    if (tracked > 0) {
      findings.push(
        finding(
          'history.changes',
          TRACKED_CHANGES,
          name,
          `${tracked} accepted${authors.size ? `; by ${[...authors].join(', ')}` : ''}`,
        ),
      );
    }
    for (const [label, count] of removed.counts) {
      const field: FieldId =
        label === 'build'
          ? 'software.detail'
          : label === 'comment anchor'
            ? 'content.detail'
            : label.includes('rsid')
              ? 'history.edit-sessions'
              : 'identifier.detail';
      findings.push(
        finding(
          field,
          label === 'build' ? 'fileVersion build' : label,
          name,
          String(count),
        ),
      );
    }
    findings.push(...review.findings('document.content', name, 'review'));
    const text = storyText.join(' ').replace(/\s+/g, ' ').trim();
    if (text)
      findings.push(
        finding(
          'document.content',
          isNotes ? 'speaker notes' : 'header or footer text',
          name,
          text,
          'review',
        ),
      );
    return findings;
  }
}

const runProps = new WeakMap<XmlElement, number>();
const GROUPS = new Set(['p:grpSp']);

function isOff(
  box: { x?: number; y?: number; cx?: number; cy?: number },
  slide: { cx: number; cy: number },
): boolean {
  const { x = 0, y = 0, cx = 0, cy = 0 } = box;
  if (![x, y, cx, cy].every(Number.isFinite)) return false;
  return x >= slide.cx || y >= slide.cy || x + cx <= 0 || y + cy <= 0;
}
