/**
 * Which keys of a kept dictionary may hold a string, by kind (ISO 32000-2: the tables `keep.ts`
 * and `keep-graphics.ts` cite). Every other key the standard defines holds a name, a number, an
 * array, a dictionary or a reference: a string there is text no reader shows (a group's `/S`
 * written as `(Alice)`, a font's `/Name` as a path), so it goes and is reported.
 */
import { isString, type PdfValue } from './objects';
import { textOf } from './text';

const STRING_KEYS: Readonly<Record<string, readonly string[]>> = {
  // 7.7.2 Table 29: the document's language.
  catalog: ['Lang'],
  // 7.7.3.3 Table 31 and 8.9.5/8.10.2: a web capture content set's identifier.
  page: ['ID'],
  xobject: ['ID'],
  // 12.5.2, 12.5.6 and 12.7.4: texts, names, appearance strings, a named destination, a
  // file name, a 3D view's name and a field's values.
  annotation: [
    ...['Contents', 'NM', 'T', 'RC', 'Subj', 'DA', 'DS', 'TU', 'TM', 'V'],
    ...['DV', 'Opt', 'Lang', 'Dest', 'OverlayText', 'FS', '3DV'],
  ],
  // 7.11.3 Table 43.
  filespec: ['F', 'UF', 'DOS', 'Mac', 'Unix', 'ID', 'Desc'],
  ocg: ['Name'],
  'oc-config': ['Name'],
  // 12.6.4 and 12.7.6: destinations, file names, URIs, titles, scripts and field names.
  action: ['D', 'F', 'URI', 'T', 'JS', 'Fields', 'CharSet'],
  'outline-item': ['Title', 'Dest'],
  // 9.8.1 Table 120.
  'font-descriptor': ['FontFamily', 'CharSet', 'Lang'],
  // 12.7.3 Table 224: the default appearance string and an XFA form's packets.
  acroform: ['DA', 'XFA'],
  'appearance-characteristics': ['CA', 'RC', 'AC'],
  // 13.6.7: the checksum of the 3D data the markup belongs to.
  'ex-data': ['MD5'],
  // 7.9.6: a name tree's keys and their range.
  'name-tree': ['Names', 'Limits'],
  // 14.7.2 Table 355: an element's identifier, title, language and its alternative texts.
  'struct-elem': ['ID', 'T', 'Lang', 'Alt', 'E', 'ActualText', 'Phoneme'],
  // 12.7.4: a field's names, values, choices, appearance and rich text.
  field: ['T', 'TU', 'TM', 'V', 'DV', 'DA', 'DS', 'RV', 'Opt'],
  'cid-system-info': ['Registry', 'Ordering'],
  // 12.4.2: the prefix of a range of page labels.
  'page-label': ['P'],
  // 14.11.5: the printing condition a file was made for, named as a registry names it.
  'output-intent': [
    ...['OutputCondition', 'OutputConditionIdentifier', 'RegistryName'],
    'Info',
  ],
};

/**
 * Names some producers write as strings, kept when the string is one of the names: LibreOffice
 * writes a page's tab order (7.7.3.3, Table 31: `/R`, `/C`, `/S`, `/A`, `/W`) as `/Tabs(S)`.
 */
const NAMES_AS_STRINGS: Readonly<Record<string, ReadonlySet<string>>> = {
  'page Tabs': new Set(['R', 'C', 'S', 'A', 'W']),
};

/** Whether a key of a dictionary of this kind may hold this string value. */
export const mayHoldString = (
  kind: string,
  key: string,
  value: PdfValue | undefined,
): boolean =>
  (STRING_KEYS[kind]?.includes(key) ?? false) ||
  (isString(value) &&
    (NAMES_AS_STRINGS[`${kind} ${key}`]?.has(textOf(value) ?? '') ?? false));
