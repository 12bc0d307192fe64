/**
 * The namespaces of OpenDocument parts (OpenDocument 1.3 part 3, section 1.5, and LibreOffice's
 * extensions), each under the prefix the rules are written with: a part may bind any prefix to
 * them, or use one as its default namespace, and the rules see the same names.
 */
import {
  NO_NAMESPACE,
  UNKNOWN_MARK,
  type NamespaceTable,
} from '../../shared/xml';

const OASIS = 'urn:oasis:names:tc:opendocument:xmlns:';

const OASIS_PREFIXES: readonly [string, string][] = [
  ['office:1.0', 'office'],
  ['style:1.0', 'style'],
  ['text:1.0', 'text'],
  ['table:1.0', 'table'],
  ['drawing:1.0', 'draw'],
  ['xsl-fo-compatible:1.0', 'fo'],
  ['meta:1.0', 'meta'],
  ['datastyle:1.0', 'number'],
  ['svg-compatible:1.0', 'svg'],
  ['chart:1.0', 'chart'],
  ['dr3d:1.0', 'dr3d'],
  ['form:1.0', 'form'],
  ['script:1.0', 'script'],
  ['config:1.0', 'config'],
  ['presentation:1.0', 'presentation'],
  ['animation:1.0', 'anim'],
  ['smil-compatible:1.0', 'smil'],
  ['database:1.0', 'db'],
  ['manifest:1.0', 'manifest'],
  ['of:1.2', 'of'],
];

const OTHERS: readonly [string, string][] = [
  ['http://purl.org/dc/elements/1.1/', 'dc'],
  ['http://www.w3.org/1999/xlink', 'xlink'],
  ['http://www.w3.org/1998/Math/MathML', 'math'],
  ['http://www.w3.org/1999/xhtml', 'xhtml'],
  ['http://www.w3.org/2001/xml-events', 'dom'],
  ['http://www.w3.org/2002/xforms', 'xforms'],
  ['http://www.w3.org/2001/XMLSchema', 'xsd'],
  ['http://www.w3.org/2001/XMLSchema-instance', 'xsi'],
  ['http://www.w3.org/2003/g/data-view#', 'grddl'],
  ['http://www.w3.org/TR/css3-text/', 'css3t'],
  // LibreOffice Basic (Basic/, Dialogs/): a library's index, its modules' source and its
  // dialogs, the macros a document carries; kept and listed for review, as an Office file's are.
  ['http://openoffice.org/2000/library', 'library'],
  ['http://openoffice.org/2000/script', 'ooscript'],
  ['http://openoffice.org/2000/dialog', 'dlg'],
  ['http://openoffice.org/2004/office', 'ooo'],
  ['http://openoffice.org/2004/writer', 'ooow'],
  ['http://openoffice.org/2004/calc', 'oooc'],
  ['http://openoffice.org/2005/report', 'rpt'],
  ['http://openoffice.org/2009/office', 'officeooo'],
  ['http://openoffice.org/2009/table', 'tableooo'],
  ['http://openoffice.org/2010/draw', 'drawooo'],
  [
    'urn:org:documentfoundation:names:experimental:office:xmlns:loext:1.0',
    'loext',
  ],
  [
    'urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0',
    'calcext',
  ],
  ['urn:openoffice:names:experimental:ooo-ms-interop:xmlns:field:1.0', 'field'],
  [
    'urn:openoffice:names:experimental:ooxml-odf-interop:xmlns:form:1.0',
    'formx',
  ],
];

/**
 * Every element OpenDocument and the vocabularies it embeds define is in a namespace: one in no
 * namespace is unknown, and goes with what it holds.
 */
export const ODF_NAMESPACES: NamespaceTable = new Map([
  ...OASIS_PREFIXES.map(([s, p]): [string, string] => [OASIS + s, p]),
  ...OTHERS,
  [NO_NAMESPACE, UNKNOWN_MARK],
]);
