/**
 * The keep-list for the PDF dictionaries that carry a document's structure: the catalog, page
 * tree nodes, pages, XObjects, annotations, file specifications, layers, fonts, the form and
 * outlines here, actions in `actions.ts`, painting dictionaries in `keep-graphics.ts` and what
 * organises the document in `keep-document.ts` keep the keys ISO 32000-2 defines for them, and
 * strings only where `string-keys.ts` allows; every other key (a producer's private data,
 * pdfTeX's `/PTEX.*`, a key whose name was damaged, a key another type defines) goes and is
 * reported. What the rules in `rules.ts` remove by name goes first.
 */
import { finding, type Finding } from '../../findings';
import { actionKeys, isActionType, TRIGGERS } from './actions';
import { MARKUP } from './comments';
import {
  GRAPHICS_KEYS,
  GRAPHICS_OWNERS,
  GRAPHICS_SIGNATURES,
  GRAPHICS_TYPES,
  STREAM,
  type GraphicsKind,
} from './keep-graphics';
import {
  DOCUMENT_KEYS,
  DOCUMENT_OWNERS,
  DOCUMENT_TYPES,
  PRODUCER_TYPES,
  type DocumentKind,
} from './keep-document';
import {
  holdsString,
  isDict,
  isRef,
  isString,
  nameOf,
  type PdfDict,
} from './objects';
import { mayHoldString } from './string-keys';
import { textOf } from './text';

/** ISO 32000-2, 7.7.2, Table 29 (document catalog); `/DSS` goes with the signatures. */
const CATALOG = [
  'Type',
  'Version',
  'Extensions',
  'Pages',
  'PageLabels',
  'Names',
  'Dests',
  'ViewerPreferences',
  'PageLayout',
  'PageMode',
  'Outlines',
  'Threads',
  'OpenAction',
  'AA',
  'URI',
  'AcroForm',
  'Metadata',
  'StructTreeRoot',
  'MarkInfo',
  'Lang',
  'SpiderInfo',
  'OutputIntents',
  'PieceInfo',
  'OCProperties',
  'Perms',
  'Legal',
  'Requirements',
  'Collection',
  'NeedsRendering',
  'AF',
  'DPartRoot',
];

/** Keys a page inherits from the page tree (ISO 32000-2, 7.7.3.4, Table 30 and Table 31). */
const INHERITABLE = ['Resources', 'MediaBox', 'CropBox', 'Rotate'];

/** ISO 32000-2, 7.7.3.2, Table 30 (page tree nodes). */
const PAGES = ['Type', 'Parent', 'Kids', 'Count', ...INHERITABLE];

/** ISO 32000-2, 7.7.3.3, Table 31 (page objects). */
const PAGE = [
  'Type',
  'Parent',
  'LastModified',
  ...INHERITABLE,
  'BleedBox',
  'TrimBox',
  'ArtBox',
  'BoxColorInfo',
  'Contents',
  'Group',
  'Thumb',
  'B',
  'Dur',
  'Trans',
  'Annots',
  'AA',
  'Metadata',
  'PieceInfo',
  'StructParents',
  'ID',
  'PZ',
  'SeparationInfo',
  'Tabs',
  'TemplateInstantiated',
  'PresSteps',
  'UserUnit',
  'VP',
  'AF',
  'OutputIntents',
  'DPart',
];

/**
 * ISO 32000-2, 8.9.5 Table 87 (images), 8.10.2 Table 93 (forms), 8.8.2 Table 88 (PostScript),
 * 11.6.5.3 Table 146 (`/Matte` of a soft mask), 14.11.7 (`/OPI`).
 */
const XOBJECT = [
  ...STREAM,
  'Type',
  'Subtype',
  'Width',
  'Height',
  'ColorSpace',
  'BitsPerComponent',
  'Intent',
  'ImageMask',
  'Mask',
  'Decode',
  'Interpolate',
  'Alternates',
  'SMask',
  'SMaskInData',
  'Matte',
  'Name',
  'StructParent',
  'StructParents',
  'ID',
  'OPI',
  'Metadata',
  'OC',
  'AF',
  'Measure',
  'PtData',
  'FormType',
  'BBox',
  'Matrix',
  'Resources',
  'Group',
  'Ref',
  'PieceInfo',
  'LastModified',
  'Level1',
];

/**
 * Keys only a markup annotation has (12.5.6.2, Table 170): on a link, a widget or another
 * annotation that is no markup, a subject, a rich-text comment or a reply is nothing a viewer
 * shows there, and goes.
 */
const MARKUP_ONLY = [
  'Popup',
  'RC',
  'CreationDate',
  'IRT',
  'Subj',
  'RT',
  'IT',
  'ExData',
];

/**
 * ISO 32000-2, 12.5.2 Table 166 (every annotation), 12.5.6.2 Table 170 (markup) and the tables
 * of 12.5.6.4-12.5.6.24 (each subtype), with a widget's field keys (12.7.4, Tables 226-234),
 * as one list: a key one subtype defines is harmless on another.
 */
const ANNOTATION = [
  // Table 166
  'Type',
  'Subtype',
  'Rect',
  'Contents',
  'P',
  'NM',
  'M',
  'F',
  'AP',
  'AS',
  'Border',
  'C',
  'StructParent',
  'OC',
  'AF',
  'ca',
  'CA',
  'BM',
  'Lang',
  // Table 170
  'T',
  ...MARKUP_ONLY,
  // Subtypes
  'Open',
  'Name',
  'State',
  'StateModel',
  'A',
  'Dest',
  'H',
  'PA',
  'QuadPoints',
  'BS',
  'DA',
  'Q',
  'DS',
  'CL',
  'BE',
  'RD',
  'LE',
  'L',
  'IC',
  'LL',
  'LLE',
  'Cap',
  'LLO',
  'CP',
  'Measure',
  'CO',
  'Vertices',
  'Path',
  'Sy',
  'InkList',
  'Parent',
  'FS',
  'Sound',
  'Movie',
  'MK',
  'AA',
  'MN',
  'LastModified',
  'Version',
  'AnnotStates',
  'FontFauxing',
  'FixedPrint',
  'RO',
  'OverlayText',
  'Repeat',
  '3DD',
  '3DV',
  '3DA',
  '3DI',
  '3DB',
  '3DU',
  'RichMediaContent',
  'RichMediaSettings',
  // A widget's field (Tables 226, 228, 229, 230, 231)
  'FT',
  'Kids',
  'TU',
  'TM',
  'Ff',
  'V',
  'DV',
  'DR',
  'Opt',
  'TI',
  'I',
  'MaxLen',
  'Lock',
  'SV',
];

/** ISO 32000-2, 7.11.3, Table 43 (file specification dictionaries). */
const FILESPEC = [
  'Type',
  'FS',
  'F',
  'UF',
  'DOS',
  'Mac',
  'Unix',
  'ID',
  'V',
  'EF',
  'RF',
  'Desc',
  'CI',
  'Thumb',
  'EP',
  'AFRelationship',
];

/** ISO 32000-2, 7.8.3, Table 34 (resource dictionaries). */
const RESOURCES = [
  'ExtGState',
  'ColorSpace',
  'Pattern',
  'Shading',
  'XObject',
  'Font',
  'ProcSet',
  'Properties',
];

/** ISO 32000-2, 8.11.2.1, Table 96 (optional content groups). */
const OCG = ['Type', 'Name', 'Intents', 'Usage'];
/** ISO 32000-2, 8.11.4.4, Table 102 (usage dictionaries); the people in it go by rule first. */
const USAGE = [
  'CreatorInfo',
  'Language',
  'Export',
  'Zoom',
  'Print',
  'View',
  'User',
  'PageElement',
];
const USAGE_KEYS = new Set(USAGE);

/**
 * ISO 32000-2, 9.6.2.1 (Type 1 and TrueType fonts), 9.6.4 (Type 3), 9.7.4 (CIDFonts) and 9.7.6
 * (Type 0), as one list; the stream keys too, as a damaged font may be a stream.
 */
const FONT = [
  ...STREAM,
  'Type',
  'Subtype',
  'Name',
  'BaseFont',
  'FirstChar',
  'LastChar',
  'Widths',
  'FontDescriptor',
  'Encoding',
  'ToUnicode',
  'FontBBox',
  'FontMatrix',
  'CharProcs',
  'Resources',
  'CIDSystemInfo',
  'DW',
  'W',
  'DW2',
  'W2',
  'CIDToGIDMap',
  'DescendantFonts',
];

/** ISO 32000-2, 9.8.1 and 9.8.3 (font descriptors, with a CIDFont's entries). */
const FONT_DESCRIPTOR = [
  'Type',
  'FontName',
  'FontFamily',
  'FontStretch',
  'FontWeight',
  'Flags',
  'FontBBox',
  'ItalicAngle',
  'Ascent',
  'Descent',
  'Leading',
  'CapHeight',
  'XHeight',
  'StemV',
  'StemH',
  'AvgWidth',
  'MaxWidth',
  'MissingWidth',
  'FontFile',
  'FontFile2',
  'FontFile3',
  'CharSet',
  'Style',
  'Lang',
  'FD',
  'CIDSet',
];

/** ISO 32000-2, 12.7.3 (the interactive form dictionary). */
const ACROFORM = [
  'Fields',
  'NeedAppearances',
  'SigFlags',
  'CO',
  'DR',
  'DA',
  'Q',
  'XFA',
];

/** ISO 32000-2, 8.11.4.2 (optional content properties). */
const OC_PROPERTIES = ['OCGs', 'D', 'Configs'];

/**
 * ISO 32000-2, 8.11.4.3 (optional content configurations); `/Creator`, the application or
 * person that made the configuration, goes.
 */
const OC_CONFIG = [
  'Name',
  'BaseState',
  'ON',
  'OFF',
  'Intent',
  'AS',
  'Order',
  'ListMode',
  'RBGroups',
  'Locked',
];

/** ISO 32000-2, 12.3.3: the outline dictionary and its items. */
const OUTLINES = ['Type', 'First', 'Last', 'Count'];
const OUTLINE_ITEM = [
  'Title',
  'Parent',
  'Prev',
  'Next',
  'First',
  'Last',
  'Count',
  'Dest',
  'A',
  'SE',
  'C',
  'F',
];

export type KeptKind =
  | 'catalog'
  | 'pages'
  | 'page'
  | 'xobject'
  | 'annotation'
  | 'filespec'
  | 'ocg'
  | 'resources'
  | 'action'
  | 'additional-actions'
  | 'outlines'
  | 'outline-item'
  | 'font'
  | 'font-descriptor'
  | 'acroform'
  | 'oc-properties'
  | 'oc-config'
  | GraphicsKind
  | DocumentKind;

const KEYS: Record<Exclude<KeptKind, 'action'>, ReadonlySet<string>> = {
  catalog: new Set(CATALOG),
  pages: new Set(PAGES),
  page: new Set(PAGE),
  xobject: new Set(XOBJECT),
  annotation: new Set(ANNOTATION),
  filespec: new Set(FILESPEC),
  ocg: new Set(OCG),
  resources: new Set(RESOURCES),
  'additional-actions': new Set(TRIGGERS),
  outlines: new Set(OUTLINES),
  'outline-item': new Set(OUTLINE_ITEM),
  font: new Set(FONT),
  'font-descriptor': new Set(FONT_DESCRIPTOR),
  acroform: new Set(ACROFORM),
  'oc-properties': new Set(OC_PROPERTIES),
  'oc-config': new Set(OC_CONFIG),
  ...GRAPHICS_KEYS,
  ...DOCUMENT_KEYS,
};

/** Every key the kinds above keep, for the rule on dictionaries of no kind (`unknown.ts`). */
export const DEFINED_KEYS: ReadonlySet<string> = new Set(
  Object.values(KEYS).flatMap((keys) => [...keys]),
);

const NOT_MARKUP: ReadonlySet<string> = new Set(
  ANNOTATION.filter((key) => !MARKUP_ONLY.includes(key)),
);

/** The keys a dictionary of the kind keeps: an action's depend on its type, an annotation's on its subtype. */
function keysOf(d: PdfDict, kind: KeptKind): ReadonlySet<string> {
  if (kind === 'action') return actionKeys(nameOf(d.map.get('S')));
  const subtype = nameOf(d.map.get('Subtype'));
  if (kind === 'annotation' && subtype !== undefined && !MARKUP.has(subtype))
    return NOT_MARKUP;
  return KEYS[kind];
}

/** ISO 32000-2, 8.8: an XObject's `/Subtype` is required and one of these. */
export const XOBJECT_SUBTYPES = new Set(['Image', 'Form', 'PS']);

/**
 * Which kept kind a dictionary is, from its own keys (the walk has resolved indirect `/Type` and
 * `/Subtype` values first); `isAnnotation` is the annotation rule's own decision.
 */
export function keptKind(
  d: PdfDict,
  isCatalog: boolean,
  isAnnotation: boolean,
): KeptKind | null {
  if (isCatalog) return 'catalog';
  const type = nameOf(d.map.get('Type'));
  if (type === 'Pages') return 'pages';
  if (type === 'Page') return 'page';
  if (isAnnotation) return 'annotation';
  if (type === 'OCG') return 'ocg';
  // A font or a painting dictionary says its type wherever it is met, as one an unknown key reaches.
  if (type === 'Font') return 'font';
  if (type === 'FontDescriptor') return 'font-descriptor';
  const typed = GRAPHICS_TYPES[type ?? ''] ?? DOCUMENT_TYPES[type ?? ''];
  if (typed) return typed;
  for (const [key, kind] of GRAPHICS_SIGNATURES)
    if (d.map.has(key)) return kind;
  // An action says its type in `/S`; `/Type`, when present, must be `/Action` (12.6.2).
  if (
    (type === undefined || type === 'Action') &&
    isActionType(nameOf(d.map.get('S')))
  )
    return 'action';
  const subtype = nameOf(d.map.get('Subtype'));
  if (type === 'XObject' || (subtype && XOBJECT_SUBTYPES.has(subtype)))
    return 'xobject';
  const m = d.map;
  // A file specification must say its type when it embeds, but many writers leave it out.
  if (
    type === 'Filespec' ||
    m.has('EF') ||
    m.has('RF') ||
    m.has('EP') ||
    (isString(m.get('UF')) && m.has('F'))
  )
    return 'filespec';
  return null;
}

/** The label of a removed key's owner in the report. */
const OWNERS: Record<KeptKind, string> = {
  catalog: 'Catalog',
  pages: 'Pages',
  page: 'Page',
  xobject: 'XObject',
  annotation: 'annotation',
  filespec: 'file specification',
  ocg: 'layer',
  resources: 'Resources',
  action: 'action',
  'additional-actions': 'additional actions',
  outlines: 'Outlines',
  'outline-item': 'outline item',
  font: 'Font',
  'font-descriptor': 'FontDescriptor',
  acroform: 'AcroForm',
  'oc-properties': 'OCProperties',
  'oc-config': 'layer configuration',
  ...GRAPHICS_OWNERS,
  ...DOCUMENT_OWNERS,
};

/**
 * Keys the standard defines as text strings (8.11.2.1, 8.11.4.3, 12.3.3, 7.11.3, 12.5.2, 12.5.6.2,
 * 12.7.4.1): a dictionary or array under one is no text a reader shows, and goes.
 */
const TEXT_KEYS: Partial<Record<KeptKind, readonly string[]>> = {
  ocg: ['Name'],
  'oc-config': ['Name'],
  'outline-item': ['Title'],
  filespec: ['UF', 'Desc'],
  annotation: ['Contents', 'T', 'TU', 'TM', 'NM', 'Subj'],
};

/**
 * Removes every key the kind does not define, any text key holding no text, and any string under
 * a key the kind defines as no string, reporting each.
 */
export function keepDefinedKeys(d: PdfDict, kind: KeptKind): Finding[] {
  const keep = keysOf(d, kind);
  const found: Finding[] = [];
  const text = TEXT_KEYS[kind];
  const producerTypes = PRODUCER_TYPES[kind as DocumentKind];
  for (const [key, v] of [...d.map]) {
    if (key === 'Type' && producerTypes?.has(nameOf(v) ?? '')) continue;
    if (
      keep.has(key) &&
      !(text?.includes(key) && !isString(v) && !isRef(v)) &&
      (mayHoldString(kind, key, v) || !holdsString(v))
    )
      continue;
    d.map.delete(key);
    const value = isDict(v) ? undefined : textOf(v);
    found.push(keyFinding(key, OWNERS[kind], value));
  }
  const resources = d.map.get('Resources');
  if (kind !== 'resources' && isDict(resources))
    found.push(...keepDefinedKeys(resources, 'resources'));
  const usage = d.map.get('Usage');
  if (kind === 'ocg' && isDict(usage))
    for (const key of [...usage.map.keys()])
      if (!USAGE_KEYS.has(key)) {
        usage.map.delete(key);
        found.push(keyFinding(key, 'layer usage', undefined));
      }
  return found;
}

/**
 * A removed key as the report names it: `/DSS` lists the certificates and revocation data of
 * the signer, who is a person; pdfTeX's keys are its build data; any other key is one the
 * dictionary's kind does not define, named (`/PieceInfo: ...`) since nothing else says what it is.
 */
function keyFinding(
  key: string,
  owner: string,
  value: string | undefined,
): Finding {
  if (key === 'DSS') return finding('author.signature', key, owner, value);
  if (key.startsWith('PTEX.'))
    return finding('software.detail', key, owner, value);
  return finding(
    'document.unknown-key',
    key,
    owner,
    value === undefined ? `/${key}` : `/${key}: ${value}`,
  );
}
