/**
 * Office Open XML parts (ECMA-376 Part 1) by where the suites put them: the body, headers and
 * footers, slides, notes and cells are what a reader sees; comments, properties, custom XML,
 * field codes and deleted text are not. A part no rule names is hidden.
 */
import { localName, type XmlElement } from '../shared/xml';
import {
  ancestor,
  attributeValue,
  uniformPlaces,
  type Placed,
  type XmlPlaces,
} from './xml-search';
import type { FindPlace } from './places';
import {
  SHARED_STRINGS_PART,
  sharedStringPlaces,
  type SharedStringCells,
} from './shared-string-cells';

const VISIBLE_PARTS: readonly [RegExp, FindPlace][] = [
  [/^word\/(document|footnotes|endnotes)\d*\.xml$/, 'body-text'],
  [/^word\/(header|footer)\d*\.xml$/, 'header-footer'],
  [/^ppt\/slides\/slide\d+\.xml$/, 'slide-text'],
  [/^ppt\/notesSlides\/notesSlide\d+\.xml$/, 'slide-notes'],
  [/^xl\/sharedStrings\.xml$/, 'sheet-cell'],
  [/^xl\/worksheets\/sheet\d+\.xml$/, 'sheet-cell'],
];
const COMMENT_PART =
  /^(word\/(comments\w*|people)|xl\/(comments\d*|threadedComments\/.*|persons\/.*)|ppt\/(comments\/.*|commentAuthors|authors))\.xml$/;

/** Text a reader does not see although it sits in a visible part (ECMA-376 17.16.23, 17.4.2). */
function bodyText(place: FindPlace, sheet: string | undefined) {
  return (element: XmlElement): Placed => {
    if (ancestor(element, 'instrText', 'fldSimple'))
      return { place: 'field-code' };
    if (ancestor(element, 'delText', 'del', 'moveFrom'))
      return { place: 'tracked-change' };
    const cell = attributeValue(ancestor(element, 'c'), 'r');
    return {
      place,
      where: {
        ...(sheet === undefined ? {} : { sheet }),
        ...(cell === undefined ? {} : { cell }),
      },
    };
  };
}

function commentPlaces(): XmlPlaces {
  const author = (element: XmlElement): Placed => {
    const by = attributeValue(
      ancestor(element, 'comment', 'threadedComment', 'cm'),
      'author',
    );
    return { place: 'comment', ...(by ? { where: { author: by } } : {}) };
  };
  return { text: author, attribute: author };
}

const PROPERTIES: XmlPlaces = {
  text: (element) => ({
    place: 'document-properties',
    where: { key: localName(element.name) },
  }),
  attribute: () => ({ place: 'document-properties' }),
};

/** External relationship targets are the links a reader clicks (ECMA-376 Part 2, 9.3). */
const RELATIONSHIPS: XmlPlaces = {
  text: () => ({ place: 'markup' }),
  attribute: (element, name) =>
    localName(name) === 'Target' &&
    attributeValue(element, 'TargetMode') === 'External'
      ? { place: 'link' }
      : { place: 'markup' },
};

const WORKBOOK: XmlPlaces = {
  text: () => ({ place: 'markup' }),
  attribute: (element, name) =>
    localName(element.name) === 'sheet' && localName(name) === 'name'
      ? { place: 'sheet-name' }
      : { place: 'markup' },
};

/**
 * The rules for one part of an Office Open XML package, by its name (and its sheet's name); the
 * shared string table's by the cells that show each string, when they are known.
 */
export function ooxmlPlaces(
  part: string,
  sheets: ReadonlyMap<string, string> = new Map(),
  sharedCells?: SharedStringCells,
): XmlPlaces {
  if (part === SHARED_STRINGS_PART && sharedCells)
    return sharedStringPlaces(sharedCells);
  for (const [pattern, place] of VISIBLE_PARTS)
    if (pattern.test(part))
      return {
        text: bodyText(place, sheets.get(part)),
        attribute: () => ({ place: 'markup' }),
      };
  if (COMMENT_PART.test(part)) return commentPlaces();
  if (/^docProps\//.test(part)) return PROPERTIES;
  if (/^customXml\//.test(part)) return uniformPlaces('custom-xml');
  if (/(^|\/)_rels\/[^/]*\.rels$/.test(part)) return RELATIONSHIPS;
  if (part === 'xl/workbook.xml') return WORKBOOK;
  return uniformPlaces('other-part');
}
