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

/**
 * The namespaces of an XHTML content document (EPUB 3.3 content documents section): XHTML as the
 * default namespace, EPUB's structural semantics, and the SVG, MathML, XLink and SSML a book may
 * embed. Markup in any other namespace goes.
 */
export const XHTML_NAMESPACES: NamespaceTable = new Map([
  ['http://www.w3.org/1999/xhtml', ''],
  ['http://www.idpf.org/2007/ops', 'epub'],
  ['http://www.w3.org/2000/svg', 'svg'],
  ['http://www.w3.org/1998/Math/MathML', 'mathml'],
  ['http://www.w3.org/1999/xlink', 'xlink'],
  ['http://www.w3.org/2001/10/synthesis', 'ssml'],
]);
