/**
 * What an object is by where it is referenced, not by what it says about itself: the kids of the
 * page tree are page tree nodes or pages, a page's `/Annots` are annotations, the values of a
 * resource dictionary's `/XObject` are XObjects (ISO 32000-2, 7.7.3, 12.5.1, 7.8.3), an
 * annotation's or an outline item's `/A`, the catalog's `/OpenAction`, an action's `/Next` and
 * the values of an additional-actions dictionary are actions (12.6.2, 12.6.3), the outline
 * tree is made of outline items (12.3.3), and the catalog's `/AcroForm` and `/OCProperties` are
 * the form (12.7.3) and the layers with their configurations (8.11.4). A damaged or changed `/Type` or `/S` therefore cannot
 * take a dictionary out of the keep-list. Positions hold for indirect objects (noted by number as
 * the walk meets their references) and for direct ones (handed down as the walk cleans a value).
 */
import type { KeptKind } from './keep';
import type { DocumentKind } from './keep-document';
import type { GraphicsKind } from './keep-graphics';
import { isKnownKey, isUnknownKind } from './unknown';
import {
  isArray,
  isDict,
  isRef,
  nameOf,
  type PdfDict,
  type PdfObject,
  type PdfValue,
} from './objects';

export type Position =
  | 'page-node'
  | 'annotation'
  | 'xobject'
  | 'annots'
  | 'resources'
  | 'action'
  | 'actions'
  | 'additional-actions'
  | 'outlines'
  | 'outline-item'
  | 'filespec'
  | 'filespecs'
  | 'ocg'
  | 'ocgs'
  | 'acroform'
  | 'oc-properties'
  | 'oc-config'
  | 'oc-configs'
  | 'font'
  | 'font-descriptor'
  | 'fonts'
  | 'xobjects'
  | 'names'
  | 'appearance'
  | GraphicsKind
  | DocumentKind
  | 'gstates'
  | 'patterns'
  | 'shadings'
  | 'page-label-values'
  | 'colour-spaces'
  | 'colour-space'
  | 'launch-parameters'
  | 'unknown';

export type Positions = Map<number, Position>;

/** A movie annotation's `/A` is its activation dictionary, not an action (12.5.6.17). */
const MOVIE = 'Movie';

function note(
  v: PdfValue | undefined,
  as: Position,
  positions: Positions,
): void {
  if (isArray(v)) {
    const item = itemPosition(as);
    if (item !== undefined) for (const r of v.items) note(r, item, positions);
  } else if (isRef(v) && !positions.has(v.num)) positions.set(v.num, as);
}

/** Actions whose `/F` is a file specification (12.6.4, 12.7.6). */
export const FILE_ACTIONS: ReadonlySet<string> = new Set([
  'GoToR',
  'GoToE',
  'Launch',
  'Thread',
  'SubmitForm',
  'ImportData',
]);

/**
 * The values of a dictionary that its kind (or, for a map of named resources, its position)
 * gives a position, with that position.
 */
export function childPositions(
  d: PdfDict,
  kind: KeptKind | null,
  position?: Position,
): [PdfValue, Position][] {
  const m = d.map;
  const out: [PdfValue, Position][] = [];
  const add = (key: string, as: Position): void => {
    const v = m.get(key);
    if (v !== undefined) out.push([v, as]);
  };
  if (kind === 'catalog') {
    add('Pages', 'page-node');
    add('Outlines', 'outlines');
    add('OpenAction', 'action');
    add('AcroForm', 'acroform');
    add('OCProperties', 'oc-properties');
  }
  // The document's layers (8.11.4.2): every optional content group is listed in `/OCGs`.
  if (kind === 'oc-properties') {
    add('OCGs', 'ocgs');
    add('D', 'oc-config');
    add('Configs', 'oc-configs');
  }
  if (kind === 'acroform') add('DR', 'resources');
  if (kind === 'pages') add('Kids', 'page-node');
  if (kind === 'page') {
    add('Annots', 'annots');
  }
  if (kind === 'annotation' && nameOf(m.get('Subtype')) !== MOVIE)
    add('A', 'action');
  if (kind === 'outlines' || kind === 'outline-item') {
    for (const key of ['First', 'Last']) add(key, 'outline-item');
    if (kind === 'outline-item') {
      for (const key of ['Next', 'Prev']) add(key, 'outline-item');
      add('A', 'action');
    }
  }
  if (kind === 'action') {
    add('Next', 'actions');
    if (FILE_ACTIONS.has(nameOf(m.get('S')) ?? '')) add('F', 'filespec');
    if (nameOf(m.get('S')) === 'Launch') add('Win', 'launch-parameters');
  }
  if (kind === 'annotation') add('FS', 'filespec');
  // Associated files (14.13): an array of file specifications wherever it stands.
  add('AF', 'filespecs');
  if (kind === 'page' || kind === 'pages') add('Parent', 'page-node');
  if (kind === 'font') {
    add('DescendantFonts', 'font');
    add('FontDescriptor', 'font-descriptor');
  }
  if (kind === 'additional-actions')
    for (const v of m.values()) out.push([v, 'action']);
  if (
    kind === 'catalog' ||
    kind === 'page' ||
    kind === 'annotation' ||
    kind === 'field'
  )
    add('AA', 'additional-actions');
  add('Resources', 'resources');
  // A resource dictionary's maps of named XObjects, fonts, graphics states, patterns and
  // shadings (7.8.3), direct or not.
  if (kind === 'resources')
    for (const [key, map] of RESOURCE_MAPS) add(key, map);
  const item = MAP_ITEMS.get(position ?? '');
  if (item) for (const v of m.values()) out.push([v, item]);
  out.push(...graphicsPositions(d, kind), ...documentPositions(d, kind));
  for (const key of NAMED_MAPS)
    if (!out.some(([v]) => v === m.get(key))) add(key, 'names');
  // An annotation's appearances (12.5.5): each is a stream or a map of states to streams.
  if (kind === 'annotation') add('AP', 'appearance');
  if (position === 'appearance')
    for (const key of ['N', 'R', 'D']) add(key, 'names');
  if (kind === null && !isMap(position)) {
    // What an unknown key reaches is judged as unknown (`unknown.ts`).
    const whole = isWhollyUnknown(d, position);
    for (const [key, v] of m)
      if (whole || !isKnownKey(key)) out.push([v, 'unknown']);
  }
  return out;
}

/** A resource dictionary's maps of named resources whose values have a kind (7.8.3, Table 34). */
const RESOURCE_MAPS: readonly [string, Position][] = [
  ['XObject', 'xobjects'],
  ['Font', 'fonts'],
  ['ExtGState', 'gstates'],
  ['Pattern', 'patterns'],
  ['Shading', 'shadings'],
  ['ColorSpace', 'colour-spaces'],
];
const MAP_ITEMS = new Map<string, Position>([
  ['xobjects', 'xobject'],
  ['fonts', 'font'],
  ['gstates', 'ext-gstate'],
  ['patterns', 'pattern'],
  ['shadings', 'shading'],
  ['colour-spaces', 'colour-space'],
]);

/**
 * What painting dictionaries and an annotation's parts reference: a page's or form's transparency
 * group (8.10.3), a graphics state's soft mask and transfer functions (11.6.5.2, 10.5), a soft
 * mask's group (an XObject), a pattern's shading and graphics state (8.7.4.2), a shading's and a
 * stitching function's functions (8.7.4.5, 7.10.4), an annotation's border style and effect
 * (12.5.4), appearance characteristics (12.5.6.19) and external data (12.5.6.2).
 */
function graphicsPositions(
  d: PdfDict,
  kind: KeptKind | null,
): [PdfValue, Position][] {
  const by: Partial<Record<KeptKind, [string, Position][]>> = {
    page: [['Group', 'group']],
    xobject: [
      ['Group', 'group'],
      ['ColorSpace', 'colour-space'],
    ],
    group: [['CS', 'colour-space']],
    'ext-gstate': [
      ['SMask', 'soft-mask'],
      ['TR', 'function'],
      ['TR2', 'function'],
    ],
    'soft-mask': [
      ['G', 'xobject'],
      ['TR', 'function'],
    ],
    pattern: [
      ['Shading', 'shading'],
      ['ExtGState', 'ext-gstate'],
    ],
    shading: [
      ['Function', 'function'],
      ['ColorSpace', 'colour-space'],
    ],
    function: [['Functions', 'function']],
    annotation: [
      ['BS', 'border-style'],
      ['BE', 'border-effect'],
      ['MK', 'appearance-characteristics'],
      ['ExData', 'ex-data'],
    ],
  };
  const out: [PdfValue, Position][] = [];
  for (const [key, as] of (kind && by[kind]) || []) {
    const v = d.map.get(key);
    if (isDict(v) || isRef(v) || isArray(v)) out.push([v, as]);
  }
  return out;
}

/**
 * What organises a document: the catalog's name dictionary (7.7.4, each value a name tree), page
 * labels (12.4.2, a number tree), mark information, viewer preferences, structure tree (14.7)
 * and output intents (14.11.5); a tree's kids, the structure tree's elements and its ID and
 * parent trees; the form's fields and their kids (12.7.4); a font's encoding and character
 * collection (9.6.5, 9.7.3).
 */
function documentPositions(
  d: PdfDict,
  kind: KeptKind | null,
): [PdfValue, Position][] {
  const by: Partial<Record<KeptKind, [string, Position][]>> = {
    catalog: [
      ['Names', 'name-dictionary'],
      ['PageLabels', 'page-labels'],
      ['MarkInfo', 'mark-info'],
      ['ViewerPreferences', 'viewer-preferences'],
      ['StructTreeRoot', 'struct-tree-root'],
      ['OutputIntents', 'output-intent'],
    ],
    page: [['OutputIntents', 'output-intent']],
    'name-tree': [['Kids', 'name-tree']],
    'number-tree': [['Kids', 'number-tree']],
    'page-labels': [
      ['Kids', 'page-labels'],
      ['Nums', 'page-label-values'],
    ],
    'struct-tree-root': [
      ['K', 'struct-elem'],
      ['IDTree', 'name-tree'],
      ['ParentTree', 'number-tree'],
    ],
    'struct-elem': [['K', 'struct-elem']],
    acroform: [['Fields', 'field']],
    field: [['Kids', 'field']],
    font: [
      ['Encoding', 'encoding'],
      ['CIDSystemInfo', 'cid-system-info'],
    ],
  };
  const out: [PdfValue, Position][] = [];
  if (kind === 'name-dictionary')
    for (const v of d.map.values()) out.push([v, 'name-tree']);
  for (const [key, as] of (kind && by[kind]) || []) {
    const v = d.map.get(key);
    if (isDict(v) || isRef(v) || isArray(v)) out.push([v, as]);
  }
  return out;
}

/**
 * Dictionaries whose keys are names a producer chose, not keys the standard defines: the maps of
 * named resources (7.8.3), the catalog's named destinations (12.3.2.4) and extensions (7.12),
 * a Type 3 font's glyphs (9.6.4), a structure tree's class and role maps (14.7.2), a DeviceN
 * space's colorants (8.6.6.5), a collection's schema (12.3.5) and a collection item (7.11.6).
 */
const NAMED_MAPS = [
  'ExtGState',
  'ColorSpace',
  'Pattern',
  'Shading',
  'Properties',
  'Dests',
  'Extensions',
  'CharProcs',
  'ClassMap',
  'RoleMap',
  'Colorants',
  'Schema',
  'CI',
];

/** Whether a position holds a map of names a producer chose (no key there is unknown). */
export const isMap = (position: Position | undefined): boolean =>
  position === 'names' ||
  position === 'appearance' ||
  MAP_ITEMS.has(position ?? '');

/** A dictionary met through an unknown key that says no type the standard defines. */
export const isWhollyUnknown = (
  d: PdfDict,
  position: Position | undefined,
): boolean => position === 'unknown' && isUnknownKind(d);

/** Notes the positions a dictionary gives the objects it references. */
export function notePositions(
  d: PdfDict,
  kind: KeptKind | null,
  positions: Positions,
  position?: Position,
): void {
  for (const [v, as] of childPositions(d, kind, position))
    note(v, as, positions);
}

/**
 * The position an array's items take from the array's own: the items of `/Annots`, `/Kids` and
 * `/Next` arrays. An array where an action may stand (`/OpenAction`, `/A`) is a destination,
 * whose items are not actions.
 */
export function itemPosition(
  position: Position | undefined,
): Position | undefined {
  if (position === 'annots') return 'annotation';
  if (position === 'actions') return 'action';
  if (position === 'filespecs') return 'filespec';
  if (position === 'ocgs') return 'ocg';
  if (position === 'page-label-values') return 'page-label';
  if (position === 'colour-space' || position === 'colour-space-part')
    return 'colour-space-part';
  if (position === 'oc-configs') return 'oc-config';
  if (
    position === 'annotation' ||
    position === 'page-node' ||
    position === 'font' ||
    position === 'function' ||
    position === 'name-tree' ||
    position === 'number-tree' ||
    position === 'page-labels' ||
    position === 'struct-elem' ||
    position === 'field' ||
    position === 'output-intent' ||
    position === 'unknown'
  )
    return position;
  return undefined;
}

/** An array in an object of its own (`/Annots`, `/Kids`, `/Next`): its items take its position. */
export function noteArrayPositions(o: PdfObject, positions: Positions): void {
  const as = positions.get(o.num);
  if (as !== undefined && isArray(o.value)) note(o.value, as, positions);
}

/** The kept kind a position gives a dictionary, if any. */
export function kindAt(
  d: PdfDict,
  position: Position | undefined,
): KeptKind | null {
  if (position === 'page-node') return d.map.has('Kids') ? 'pages' : 'page';
  const type = nameOf(d.map.get('Type'));
  // A structure element's kids may be marked-content and object references (14.7.5).
  if (position === 'struct-elem' && (type === 'MCR' || type === 'OBJR'))
    return null;
  // A colour space holds no dictionary itself; its parts may be functions (8.6.6.4).
  if (position === 'colour-space') return null;
  if (position === 'colour-space-part' && d.map.has('FunctionType'))
    return 'function';
  // A Type 0 font's encoding may be a CMap stream (9.7.5), which says so.
  if (position === 'encoding' && type !== undefined && type !== 'Encoding')
    return null;
  // A field's kid may be its widget (12.7.4.1), judged as the annotation it is.
  if (
    position === 'field' &&
    (type === 'Annot' || nameOf(d.map.get('Subtype')) === 'Widget')
  )
    return 'annotation';
  if (position === 'actions') return 'action';
  if (
    position === 'annots' ||
    position === 'filespecs' ||
    position === 'ocgs' ||
    position === 'oc-configs' ||
    position === 'fonts' ||
    position === 'xobjects' ||
    position === 'gstates' ||
    position === 'patterns' ||
    position === 'shadings' ||
    position === 'colour-spaces' ||
    position === 'page-label-values' ||
    position === 'launch-parameters' ||
    position === 'names' ||
    position === 'appearance' ||
    position === 'unknown'
  )
    return null;
  return position ?? null;
}
