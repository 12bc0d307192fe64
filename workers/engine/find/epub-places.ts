/**
 * EPUB parts (EPUB 3.3): the text of XHTML content documents and of the navigation is what a
 * reader sees, and so is the package document's title, which readers show in their library; the
 * rest of the package document (creators, contributors, dates, identifiers) is hidden.
 */
import { localName } from '../shared/xml';
import { ancestor, uniformPlaces, type XmlPlaces } from './xml-search';

const CONTENT = /\.(x?html?|ncx)$/i;

const CONTENT_PLACES: XmlPlaces = {
  text: (element) =>
    ancestor(element, 'docAuthor')
      ? { place: 'package-metadata', where: { key: 'docAuthor' } }
      : ancestor(element, 'head') && !ancestor(element, 'title')
        ? { place: 'markup' }
        : { place: 'chapter-text' },
  attribute: (element, name) =>
    localName(name) === 'href' && !ancestor(element, 'head')
      ? { place: 'link' }
      : localName(name) === 'alt'
        ? { place: 'chapter-text' }
        : { place: 'markup' },
};

const PACKAGE_PLACES: XmlPlaces = {
  text: (element) =>
    ancestor(element, 'metadata') && localName(element.name) === 'title'
      ? { place: 'book-title' }
      : {
          place: 'package-metadata',
          where: { key: localName(element.name) },
        },
  attribute: () => ({ place: 'package-metadata' }),
};

/** The rules for one part of an EPUB, by its name. */
export function epubPlaces(part: string): XmlPlaces {
  if (/\.opf$/i.test(part)) return PACKAGE_PLACES;
  if (CONTENT.test(part)) return CONTENT_PLACES;
  return uniformPlaces('other-part');
}
