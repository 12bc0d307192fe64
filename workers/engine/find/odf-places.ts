/**
 * OpenDocument parts (OASIS ODF 1.3 Part 3): the text of `content.xml` and the headers and footers
 * of `styles.xml` are what a reader sees, except annotations (19.40: comments, with their
 * author), tracked changes (5.5.1) and variable and user field declarations (7.7); `meta.xml` is
 * document properties; anything else is hidden.
 */
import { decodeEntities, localName, type XmlElement } from '../shared/xml';
import {
  ancestor,
  attributeValue,
  uniformPlaces,
  type Placed,
  type XmlPlaces,
} from './xml-search';
import type { FindPlace } from './places';

const DECLARATIONS = [
  'user-field-decls',
  'user-field-decl',
  'variable-decls',
  'variable-decl',
  'sequence-decls',
  'user-defined',
];

/**
 * A comment with its author: `dc:creator`, an annotation's first child (19.40), closes before the
 * comment's paragraphs, so the author is known when they are placed.
 */
function commentPlace() {
  const authors = new Map<XmlElement, string>();
  return (element: XmlElement, annotation: XmlElement): Placed => {
    if (
      localName(element.name) === 'creator' &&
      element.parent === annotation
    ) {
      const author = decodeEntities(element.text).trim();
      if (author) authors.set(annotation, author);
    }
    const author = authors.get(annotation);
    return { place: 'comment', ...(author ? { where: { author } } : {}) };
  };
}

function contentText(base: FindPlace, styles: boolean) {
  const comment = commentPlace();
  return (element: XmlElement): Placed => {
    const annotation = ancestor(element, 'annotation');
    if (annotation) return comment(element, annotation);
    if (ancestor(element, 'annotation-end')) return { place: 'comment' };
    if (ancestor(element, 'tracked-changes'))
      return { place: 'tracked-change' };
    if (ancestor(element, ...DECLARATIONS)) return { place: 'user-field' };
    if (styles)
      return ancestor(element, 'header', 'footer', 'header-left', 'footer-left')
        ? { place: 'header-footer' }
        : { place: 'markup' };
    return { place: base };
  };
}

/**
 * The names of the user fields a part shows (`<text:user-field-get text:name="...">`, 7.7.3):
 * a declared field that is shown is content, its value on the page; one no part shows is hidden.
 */
function shownFields(xml: string): Set<string> {
  const names = new Set<string>();
  for (const m of xml.matchAll(
    /<[\w.-]+:user-field-get\b[^>]*?\s[\w.-]+:name\s*=\s*["']([^"']*)["']/g,
  ))
    names.add(m[1]!);
  return names;
}

function declarationPlace(element: XmlElement, shown: Set<string>): Placed {
  const decl = ancestor(element, 'user-field-decl');
  const name = attributeValue(decl, 'name');
  return name !== undefined && shown.has(name)
    ? { place: 'body-text' }
    : { place: 'user-field' };
}

const contentAttribute =
  (shown: Set<string>) =>
  (element: XmlElement, name: string): Placed => {
    const local = localName(name);
    if (ancestor(element, 'annotation')) return { place: 'comment' };
    if (ancestor(element, ...DECLARATIONS))
      return declarationPlace(element, shown);
    if (local === 'href') return { place: 'link' };
    if (localName(element.name) === 'table' && local === 'name')
      return { place: 'sheet-name' };
    return { place: 'markup' };
  };

/** The rules for one part of an OpenDocument package, by its name and text. */
export function odfPlaces(part: string, xml = ''): XmlPlaces {
  if (part === 'content.xml' || part === 'styles.xml') {
    const shown = shownFields(xml);
    return {
      text: contentText('body-text', part === 'styles.xml'),
      attribute: contentAttribute(shown),
    };
  }
  if (part === 'meta.xml')
    return {
      text: (element) => ({
        place: 'document-properties',
        where: { key: localName(element.name) },
      }),
      attribute: () => ({ place: 'document-properties' }),
    };
  return uniformPlaces('other-part');
}
