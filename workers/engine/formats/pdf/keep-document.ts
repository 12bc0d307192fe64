/**
 * Keep-lists of the dictionaries that organise a document around its pages (name and number
 * trees, page labels' tree, the structure tree, form fields, viewer preferences, output intents,
 * layer membership) and of a font's encoding and character collection, by section of ISO 32000-2.
 * A key outside its dictionary's list goes, whatever another dictionary type defines it as.
 */

/** 7.7.4, the name dictionary: each value is a name tree. */
const NAME_DICTIONARY = [
  ...['Dests', 'AP', 'JavaScript', 'Pages', 'Templates', 'IDS', 'URLS'],
  ...['EmbeddedFiles', 'AlternatePresentations', 'Renditions'],
];

/** 7.9.6 name tree nodes and 7.9.7 number tree nodes. */
const NAME_TREE = ['Kids', 'Names', 'Limits'];
const NUMBER_TREE = ['Kids', 'Nums', 'Limits'];

/** 12.4.2, page label dictionaries (the values of the catalog's `/PageLabels` number tree). */
const PAGE_LABEL = ['Type', 'S', 'P', 'St'];

/** 14.7.1, the mark information dictionary. */
const MARK_INFO = ['Marked', 'UserProperties', 'Suspects'];

/** 12.2, viewer preferences. */
const VIEWER_PREFERENCES = [
  ...['HideToolbar', 'HideMenubar', 'HideWindowUI', 'FitWindow'],
  ...['CenterWindow', 'DisplayDocTitle', 'NonFullScreenPageMode'],
  ...['Direction', 'ViewArea', 'ViewClip', 'PrintArea', 'PrintClip'],
  ...['PrintScaling', 'Duplex', 'PickTrayByPDFSize', 'PrintPageRange'],
  ...['NumCopies', 'Enforce'],
];

/** 14.7.2, the structure tree root and structure elements. */
const STRUCT_TREE_ROOT = [
  ...['Type', 'K', 'IDTree', 'ParentTree', 'ParentTreeNextKey', 'RoleMap'],
  ...['ClassMap', 'Namespaces', 'PronunciationLexicon', 'AF'],
];
const STRUCT_ELEM = [
  ...['Type', 'S', 'P', 'ID', 'Ref', 'Pg', 'K', 'A', 'C', 'R', 'T', 'Lang'],
  ...['Alt', 'E', 'ActualText', 'AF', 'NS', 'PhoneticAlphabet', 'Phoneme'],
];

/** 12.7.4, a form field (with the keys of each field type and a signature field's). */
const FIELD = [
  ...['FT', 'Parent', 'Kids', 'T', 'TU', 'TM', 'Ff', 'V', 'DV', 'AA', 'DA'],
  ...['Q', 'DS', 'RV', 'Opt', 'TI', 'I', 'MaxLen', 'Lock', 'SV'],
];

/** 9.6.5.1 encoding dictionaries and 9.7.3 CIDSystemInfo dictionaries. */
const ENCODING = ['Type', 'BaseEncoding', 'Differences'];
const CID_SYSTEM_INFO = ['Registry', 'Ordering', 'Supplement'];

/** 14.11.5, output intents. */
const OUTPUT_INTENT = [
  ...['Type', 'S', 'OutputCondition', 'OutputConditionIdentifier'],
  ...['RegistryName', 'Info', 'DestOutputProfile', 'DestOutputProfileRef'],
  ...['MixingHints', 'SpectralData'],
];

/** 8.11.2.2, optional content membership dictionaries. */
const OCMD = ['Type', 'OCGs', 'P', 'VE'];

export type DocumentKind =
  | 'name-dictionary'
  | 'name-tree'
  | 'number-tree'
  | 'page-labels'
  | 'page-label'
  | 'mark-info'
  | 'viewer-preferences'
  | 'struct-tree-root'
  | 'struct-elem'
  | 'field'
  | 'encoding'
  | 'cid-system-info'
  | 'output-intent'
  | 'ocmd';

export const DOCUMENT_KEYS: Record<DocumentKind, ReadonlySet<string>> = {
  'name-dictionary': new Set(NAME_DICTIONARY),
  'name-tree': new Set(NAME_TREE),
  'number-tree': new Set(NUMBER_TREE),
  'page-labels': new Set(NUMBER_TREE),
  'page-label': new Set(PAGE_LABEL),
  'mark-info': new Set(MARK_INFO),
  'viewer-preferences': new Set(VIEWER_PREFERENCES),
  'struct-tree-root': new Set(STRUCT_TREE_ROOT),
  'struct-elem': new Set(STRUCT_ELEM),
  field: new Set(FIELD),
  encoding: new Set(ENCODING),
  'cid-system-info': new Set(CID_SYSTEM_INFO),
  'output-intent': new Set(OUTPUT_INTENT),
  ocmd: new Set(OCMD),
};

export const DOCUMENT_OWNERS: Record<DocumentKind, string> = {
  'name-dictionary': 'Names',
  'name-tree': 'name tree',
  'number-tree': 'number tree',
  'page-labels': 'PageLabels',
  'page-label': 'page label',
  'mark-info': 'MarkInfo',
  'viewer-preferences': 'ViewerPreferences',
  'struct-tree-root': 'StructTreeRoot',
  'struct-elem': 'StructElem',
  field: 'form field',
  encoding: 'Encoding',
  'cid-system-info': 'CIDSystemInfo',
  'output-intent': 'OutputIntent',
  ocmd: 'OCMD',
};

/**
 * A `/Type` some producers write where the standard defines none, naming the dictionary for what
 * it is: Skia (Chrome's and Android's printing) writes `/Type /MarkInfo`, `/ViewerPreferences`
 * and `/ParentTree`. It says nothing of the person and stays; any other value goes.
 */
export const PRODUCER_TYPES: Partial<
  Record<DocumentKind, ReadonlySet<string>>
> = {
  'mark-info': new Set(['MarkInfo']),
  'viewer-preferences': new Set(['ViewerPreferences']),
  'number-tree': new Set(['ParentTree']),
};

/** Types a dictionary declares in `/Type`; positions type the ones that leave it out. */
export const DOCUMENT_TYPES: Readonly<Record<string, DocumentKind>> = {
  StructTreeRoot: 'struct-tree-root',
  PageLabel: 'page-label',
  StructElem: 'struct-elem',
  Encoding: 'encoding',
  OutputIntent: 'output-intent',
  OCMD: 'ocmd',
};
