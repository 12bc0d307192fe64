/**
 * Keep-lists of the dictionaries that say how a page is painted (graphics states, transparency
 * groups, soft masks, patterns, shadings, functions, colour space parameters) and of an annotation's parts (border style
 * and effect, appearance characteristics, external data), by section of ISO 32000-2. A key outside
 * its dictionary's list goes, whatever another dictionary type defines it as: `/Title` is an
 * outline item's, not a group's.
 */

/** Keys every stream dictionary may hold (7.3.8.2, Table 5). */
export const STREAM = [
  'Length',
  'Filter',
  'DecodeParms',
  'F',
  'FFilter',
  'FDecodeParms',
  'DL',
];

/** 8.4.5, graphics state parameter dictionaries. */
const EXT_GSTATE = [
  ...['Type', 'LW', 'LC', 'LJ', 'ML', 'D', 'RI', 'OP', 'op', 'OPM', 'Font'],
  ...['BG', 'BG2', 'UCR', 'UCR2', 'TR', 'TR2', 'HT', 'FL', 'SM', 'SA', 'BM'],
  ...['SMask', 'CA', 'ca', 'AIS', 'TK', 'UseBlackPtComp', 'HTO'],
];

/** 8.10.3 group attributes and 11.6.6 transparency groups. */
const GROUP = ['Type', 'S', 'CS', 'I', 'K'];

/** 11.6.5.2, soft-mask dictionaries. */
const SOFT_MASK = ['Type', 'S', 'G', 'BC', 'TR'];

/** 8.7.3.1 tiling patterns (streams) and 8.7.4.2 shading patterns. */
const PATTERN = [
  ...STREAM,
  ...['Type', 'PatternType', 'PaintType', 'TilingType', 'BBox', 'XStep'],
  ...['YStep', 'Resources', 'Matrix', 'Shading', 'ExtGState'],
];

/** 8.7.4.5, every shading type's keys (types 4 to 7 are streams). */
const SHADING = [
  ...STREAM,
  ...['ShadingType', 'ColorSpace', 'Background', 'BBox', 'AntiAlias'],
  ...['Domain', 'Matrix', 'Function', 'Coords', 'Extend', 'BitsPerCoordinate'],
  ...['BitsPerComponent', 'BitsPerFlag', 'Decode', 'VerticesPerRow'],
];

/** 7.10, every function type's keys (sampled and PostScript functions are streams). */
const FUNCTION = [
  ...STREAM,
  ...['FunctionType', 'Domain', 'Range', 'Size', 'BitsPerSample', 'Order'],
  ...['Encode', 'Decode', 'C0', 'C1', 'N', 'Functions', 'Bounds'],
];

/**
 * 8.6.5 and 8.6.6: what a colour space array holds besides names and functions: CIE-based
 * parameters (CalGray, CalRGB, Lab), an ICC profile stream's dictionary and DeviceN attributes.
 */
const COLOUR_SPACE_PART = [
  ...STREAM,
  ...['WhitePoint', 'BlackPoint', 'Gamma', 'Matrix', 'Range', 'N'],
  ...['Alternate', 'Subtype', 'Colorants', 'Process', 'MixingHints'],
];

/** 12.5.4, border style and border effect dictionaries. */
const BORDER_STYLE = ['Type', 'W', 'S', 'D'];
const BORDER_EFFECT = ['S', 'I'];

/** 12.5.6.19, a widget's appearance characteristics; `/CA`, `/RC`, `/AC` are its captions. */
const APPEARANCE_CHARACTERISTICS = [
  ...['R', 'BC', 'BG', 'CA', 'RC', 'AC', 'I', 'RI', 'IX', 'IF', 'TP'],
];

/** 13.6.7, a markup annotation's external data (3D markup): no key of it is text. */
const EX_DATA = ['Type', 'Subtype', '3DA', '3DV', 'MD5'];

export type GraphicsKind =
  | 'ext-gstate'
  | 'group'
  | 'soft-mask'
  | 'pattern'
  | 'shading'
  | 'function'
  | 'colour-space-part'
  | 'border-style'
  | 'border-effect'
  | 'appearance-characteristics'
  | 'ex-data';

export const GRAPHICS_KEYS: Record<GraphicsKind, ReadonlySet<string>> = {
  'ext-gstate': new Set(EXT_GSTATE),
  group: new Set(GROUP),
  'soft-mask': new Set(SOFT_MASK),
  pattern: new Set(PATTERN),
  shading: new Set(SHADING),
  function: new Set(FUNCTION),
  'colour-space-part': new Set(COLOUR_SPACE_PART),
  'border-style': new Set(BORDER_STYLE),
  'border-effect': new Set(BORDER_EFFECT),
  'appearance-characteristics': new Set(APPEARANCE_CHARACTERISTICS),
  'ex-data': new Set(EX_DATA),
};

/** The report's name for each: the dictionary type the standard gives it. */
export const GRAPHICS_OWNERS: Record<GraphicsKind, string> = {
  'ext-gstate': 'ExtGState',
  group: 'Group',
  'soft-mask': 'soft mask',
  pattern: 'Pattern',
  shading: 'Shading',
  function: 'function',
  'colour-space-part': 'ColorSpace',
  'border-style': 'border style',
  'border-effect': 'border effect',
  'appearance-characteristics': 'appearance characteristics',
  'ex-data': 'ExData',
};

/** Types a dictionary declares in `/Type` (optional for most of these: positions type the rest). */
export const GRAPHICS_TYPES: Readonly<Record<string, GraphicsKind>> = {
  ExtGState: 'ext-gstate',
  Group: 'group',
  Mask: 'soft-mask',
  Pattern: 'pattern',
  Border: 'border-style',
  ExData: 'ex-data',
};

/** Keys only one of these kinds requires, so a dictionary holding one is of that kind. */
export const GRAPHICS_SIGNATURES: readonly [string, GraphicsKind][] = [
  ['PatternType', 'pattern'],
  ['ShadingType', 'shading'],
  ['FunctionType', 'function'],
];
