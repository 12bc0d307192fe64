/**
 * The namespaces of an EPUB's container, package document and NCX (EPUB 3.3 OCF and package
 * sections, OPF 2.0.1, NCX of ANSI/NISO Z39.86-2005): the package's own vocabulary is written
 * without a prefix, Dublin Core with `dc:`, whatever prefix a book binds them to.
 */
import type { NamespaceTable } from '../../shared/xml';

export const EPUB_NAMESPACES: NamespaceTable = new Map([
  ['urn:oasis:names:tc:opendocument:xmlns:container', ''],
  ['http://www.idpf.org/2007/opf', ''],
  ['http://www.daisy.org/z3986/2005/ncx/', ''],
  ['http://purl.org/dc/elements/1.1/', 'dc'],
  ['http://purl.org/dc/terms/', 'dcterms'],
  ['http://www.w3.org/1999/xhtml', 'xhtml'],
]);
