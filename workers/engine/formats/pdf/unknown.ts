/**
 * Dictionaries of no kind the keep-lists know (ISO 32000-2 defines many more than they list:
 * colour space parameters, page labels, structure attributes, halftones ...). A key that no
 * dictionary of the standard defines is unknown, and every key of a dictionary reached through an
 * unknown key is unknown too, unless its `/Type` is one the standard defines. Under an unknown key
 * only structure stays: numbers, booleans, null, references (each object judged where it is met)
 * and arrays and dictionaries of them. A string or a name, where a producer's private text lives
 * (`/Author /Alice` reads as well as `(Alice)`), goes and is reported; so does an object of its
 * own that is one, and a stream of no known kind reached through an unknown key fails the file
 * (`walk.ts`), as no rule knows its data.
 *
 * A dictionary whose type nothing says (no `/Type`, no key only one type requires, no position
 * that types it: a page label, a structure attribute object, a collection subitem) keeps its
 * strings under the keys some dictionary of the standard defines. Those strings are structural
 * where they stand (a page label's prefix, a name tree's keys, an attribute's text), so removing
 * them would change what a reader shows, and refusing such a file would refuse most tagged
 * PDFs; the kinds that can be typed (`keep-graphics.ts`, `keep-document.ts`) are judged key by key.
 */
import { finding, type Finding } from '../../findings';
import { DEFINED_KEYS } from './keep';
import { ACTION_KEYS } from './actions';
import { holdsText, isName, isString, nameOf, type PdfDict } from './objects';
import { textOf } from './text';

/** Keys of the dictionaries `keep.ts` has no list for, by section of ISO 32000-2. */
const OTHER_KEYS = [
  // 7.3.8.2 streams and 7.4 filter parameters; 7.5.7 object streams; 7.5.8 cross-reference streams
  ...['Length', 'Filter', 'DecodeParms', 'F', 'FFilter', 'FDecodeParms', 'DL'],
  ...['Predictor', 'Colors', 'BitsPerComponent', 'Columns', 'EarlyChange'],
  ...['K', 'EndOfLine', 'EncodedByteAlign', 'Rows', 'EndOfBlock', 'BlackIs1'],
  ...['DamagedRowsBeforeError', 'JBIG2Globals', 'ColorTransform', 'N'],
  ...['First', 'Extends', 'W', 'Index', 'Prev', 'Size', 'Root', 'Info'],
  // 7.7.4 name dictionary; 7.9.6 name trees, 7.9.7 number trees
  ...['Dests', 'AP', 'JavaScript', 'Pages', 'Templates', 'IDS', 'URLS'],
  ...['EmbeddedFiles', 'AlternatePresentations', 'Renditions'],
  ...['Kids', 'Names', 'Limits', 'Nums'],
  // 7.10 functions
  ...['FunctionType', 'Domain', 'Range', 'BitsPerSample', 'Order', 'Encode'],
  ...['Decode', 'C0', 'C1', 'Functions', 'Bounds'],
  // 7.11.4 embedded files and their parameters; 7.12 extensions
  ...['Params', 'CreationDate', 'ModDate', 'CheckSum', 'ResFork'],
  ...['BaseVersion', 'ExtensionLevel', 'URL', 'ExtensionRevision'],
  // 8.4.5 graphics state parameters; 11.6.5.2 soft masks; 8.10.3 and 11.6.6 groups
  ...['LW', 'LC', 'LJ', 'ML', 'D', 'RI', 'OP', 'op', 'OPM', 'Font', 'BG'],
  ...['BG2', 'UCR', 'UCR2', 'TR', 'TR2', 'HT', 'FL', 'SM', 'SA', 'BM'],
  ...['SMask', 'CA', 'ca', 'AIS', 'TK', 'UseBlackPtComp', 'HTO'],
  ...['S', 'G', 'BC', 'CS', 'I'],
  // 8.6 colour spaces
  ...['WhitePoint', 'BlackPoint', 'Gamma', 'Matrix', 'Alternate', 'Metadata'],
  ...['Colorants', 'Process', 'MixingHints', 'Components', 'ColorSpace'],
  ...['Solidities', 'PrintingOrder', 'DotGain'],
  // 8.7 patterns and shadings
  ...['PatternType', 'PaintType', 'TilingType', 'BBox', 'XStep', 'YStep'],
  ...['Resources', 'Shading', 'ExtGState', 'ShadingType', 'Background'],
  ...['AntiAlias', 'Function', 'Coords', 'Extend', 'BitsPerCoordinate'],
  ...['BitsPerFlag', 'VerticesPerRow'],
  // 8.11.2.2 optional content membership; 8.11.4.4 usage; 8.11.4.3 usage applications
  ...['OCGs', 'P', 'VE', 'Lang', 'Preferred', 'ExportState', 'min', 'max'],
  ...['PrintState', 'ViewState', 'Event', 'Category', 'CreatorInfo'],
  ...['Language', 'Export', 'Zoom', 'Print', 'View', 'User', 'PageElement'],
  // 9.6 to 9.10 fonts, encodings, CMaps
  ...['BaseEncoding', 'Differences', 'Registry', 'Ordering', 'Supplement'],
  ...['CMapName', 'UseCMap', 'WMode', 'Panose', 'Length1', 'Length2'],
  ...['Length3'],
  // 10.5 and 10.6 transfer functions and halftones
  ...['HalftoneType', 'HalftoneName', 'Frequency', 'Angle', 'SpotFunction'],
  ...['AccurateScreens', 'TransferFunction', 'Width2', 'Height2'],
  ...['Xsquare', 'Ysquare', 'Default'],
  // 12.2 viewer preferences; 12.3.5 collections; 12.4.2 page labels
  ...['HideToolbar', 'HideMenubar', 'HideWindowUI', 'FitWindow'],
  ...['CenterWindow', 'DisplayDocTitle', 'NonFullScreenPageMode'],
  ...['Direction', 'ViewArea', 'ViewClip', 'PrintArea', 'PrintClip'],
  ...['PrintScaling', 'Duplex', 'PickTrayByPDFSize', 'PrintPageRange'],
  ...['NumCopies', 'Enforce', 'Schema', 'View', 'Sort', 'Navigator'],
  ...['Folders', 'Split', 'O', 'V', 'E', 'A', 'Child', 'Free'],
  ...['CardBackground', 'CardBorder', 'PrimaryText', 'SecondaryText'],
  ...['Position', 'St'],
  // 12.4.3 threads and beads; 12.4.4 presentations and navigation nodes; 12.4.4.2 transitions
  ...['B', 'R', 'NA', 'PA', 'Next', 'Dur', 'Dm', 'M', 'Di', 'SS'],
  // 12.5.4 border styles and effects; 12.5.5 appearances; 12.5.6.19 appearance characteristics
  ...['Border', 'C', 'RC', 'AC', 'IX', 'IF', 'TP', 'SW', 'FB'],
  // 12.6.4.4 embedded go-to targets; 12.7.5.5 signature fields' lock and seed values
  ...['Action', 'Fields', 'Filter', 'SubFilter', 'DigestMethod', 'Cert'],
  ...['Reasons', 'MDP', 'TimeStamp', 'LegalAttestation', 'AddRevInfo', 'Ff'],
  ...['SubjectDN', 'KeyUsage', 'Issuer', 'OID', 'URLType'],
  // 12.8 signatures (the signer's keys go by their own rule first)
  ...['ByteRange', 'Reference', 'Changes', 'TransformMethod'],
  ...['TransformParams', 'DigestLocation', 'DigestValue', 'Data'],
  // 12.8.4 permissions; 12.8.7 legal attestations; 12.11 document requirements
  ...['DocMDP', 'UR3', 'JavaScriptActions', 'LaunchActions', 'URIActions'],
  ...['MovieActions', 'SoundActions', 'HideAnnotationActions'],
  ...['GoToRemoteActions', 'AlternateImages', 'ExternalStreams'],
  ...['TrueTypeFonts', 'ExternalRefXobjects', 'ExternalOPIdicts'],
  ...['NonEmbeddedFonts', 'DevDepGS_OP', 'DevDepGS_HT', 'DevDepGS_TR'],
  ...['DevDepGS_UCR', 'DevDepGS_BG', 'DevDepGS_FL', 'Annotations'],
  ...['OptionalContent', 'Attestation', 'RH', 'Penalty', 'Script'],
  // 12.9 measurement and geospatial features; 12.10 document parts
  ...['X', 'Y', 'CYX', 'U', 'FD', 'RT', 'RD', 'PS', 'GCS', 'DCS', 'PDU'],
  ...['GPTS', 'LPTS', 'EPSG', 'WKT', 'XPTS', 'DParts', 'Start', 'End'],
  // 13.2 multimedia; 13.3 sounds; 13.4 movies; 13.6 3D artwork
  ...['MH', 'BE', 'SP', 'CT', 'Alt', 'PL', 'TF', 'FWScale', 'FWPosition'],
  ...['L', 'RT', 'TT', 'OO', 'DU', 'Aspect', 'Rotate', 'Poster', 'Rate'],
  ...['Duration', 'Volume', 'ShowControls', 'Mode', 'Synchronous', 'CO'],
  ...['CP', 'VA', 'DV', 'OnInstantiate', 'AN', 'XN', 'IN', 'MS', 'C2W'],
  ...['U3DPath', 'BG', 'RM', 'LS', 'SA', 'NR', 'Snapshot', 'MD5', 'Assets'],
  ...['Configurations', 'Views', 'Activation', 'Deactivation', 'Instances'],
  ...['Asset', 'Binding', 'Scripts', 'Animation', 'Presentation', 'Settings'],
  // 14.6 marked content; 14.7 structure; 14.8.5 standard structure attributes
  ...['Marked', 'UserProperties', 'Suspects', 'MCID', 'ActualText'],
  ...['ParentTree', 'ParentTreeNextKey', 'IDTree', 'RoleMap', 'ClassMap'],
  ...['Namespaces', 'PronunciationLexicon', 'Pg', 'T', 'Obj', 'Stm'],
  ...['StmOwn', 'NS', 'PhoneticAlphabet', 'Phoneme', 'Ref', 'Placement'],
  ...['WritingMode', 'BackgroundColor', 'BorderColor', 'BorderStyle'],
  ...['BorderThickness', 'Padding', 'Color', 'SpaceBefore', 'SpaceAfter'],
  ...['StartIndent', 'EndIndent', 'TextIndent', 'TextAlign', 'BlockAlign'],
  ...['InlineAlign', 'TBorderStyle', 'TPadding', 'BaselineShift'],
  ...['LineHeight', 'TextDecorationColor', 'TextDecorationThickness'],
  ...['TextDecorationType', 'RubyAlign', 'RubyPosition', 'ColumnCount'],
  ...['GlyphOrientationVertical', 'ColumnGap', 'ColumnWidths', 'Role'],
  ...['ListNumbering', 'ContinuedList', 'ContinuedFrom', 'Checked'],
  ...['RowSpan', 'ColSpan', 'Headers', 'Scope', 'Short', 'Summary'],
  // 14.10 web capture; 14.11.5 output intents; 14.11.7 OPI
  ...['SI', 'TS', 'AU', 'OutputCondition', 'OutputConditionIdentifier'],
  ...['RegistryName', 'DestOutputProfile', 'DestOutputProfileRef'],
  ...['SpectralData', 'Version', 'Comments', 'CropRect', 'CropFixed'],
  ...['Resolution', 'ColorType', 'Tint', 'Overprint', 'ImageType'],
  ...['GrayMap', 'Transparency', 'Tags', 'MainImage', 'Inks'],
  ...['IncludedImageDimensions', 'IncludedImageQuality'],
  // 8.9.5.4 alternate images; 8.10.4 reference XObjects
  ...['Image', 'DefaultForPrinting', 'Page'],
];

/** Every key some dictionary of the standard defines. */
const KNOWN_KEYS: ReadonlySet<string> = new Set([
  ...DEFINED_KEYS,
  ...ACTION_KEYS,
  ...OTHER_KEYS,
]);

/**
 * `/Type` values of dictionaries the standard defines: the kinds the keep-list knows (each judged
 * by its own rule wherever it is met), and the others.
 */
const KNOWN_TYPES = new Set([
  'Catalog',
  'Pages',
  'Page',
  'XObject',
  'Annot',
  'Filespec',
  'OCG',
  'Action',
  'Outlines',
  'Font',
  'FontDescriptor',
  'Metadata',
  'ExtGState',
  'Pattern',
  'Shading',
  'Encoding',
  'CMap',
  'Mask',
  'Group',
  'Border',
  'StructTreeRoot',
  'StructElem',
  'MCR',
  'OBJR',
  'OutputIntent',
  'OCMD',
  'EmbeddedFile',
  'Collection',
  'CollectionSchema',
  'CollectionField',
  'CollectionItem',
  'CollectionSort',
  'Thread',
  'Bead',
  'Trans',
  'PageLabel',
  'Halftone',
  'Sig',
  'SigRef',
  'TransformParams',
  'SV',
  'SVCert',
  'Measure',
  'NumberFormat',
  'Viewport',
  'Rendition',
  'MediaClip',
  'Sound',
  'Extensions',
  'DeveloperExtensions',
  'Requirement',
  'RequirementHandler',
  'NavNode',
  'DPart',
  'DPartRoot',
  'Namespace',
  'Navigator',
  'Folder',
  'ExData',
  '3D',
  '3DView',
]);

export const isKnownKey = (key: string): boolean => KNOWN_KEYS.has(key);

/**
 * Whether every key of a dictionary met through an unknown key is unknown: it says no `/Type`
 * the standard defines.
 */
export const isUnknownKind = (d: PdfDict): boolean =>
  !KNOWN_TYPES.has(nameOf(d.map.get('Type')) ?? '');

/**
 * Removes the strings and names under the unknown keys of a dictionary of no kept kind (under every key
 * when `whole`, the dictionary being met through an unknown key), reporting each.
 */
export function unknownStrings(
  d: PdfDict,
  whole: boolean,
  owner: string,
): Finding[] {
  const found: Finding[] = [];
  for (const [key, v] of [...d.map]) {
    if ((!whole && isKnownKey(key)) || !holdsText(v)) continue;
    d.map.delete(key);
    const text = isString(v) || isName(v) ? textOf(v) : undefined;
    found.push(
      finding(
        'document.unknown-key',
        key,
        owner,
        text === undefined ? `/${key}` : `/${key}: ${text}`,
      ),
    );
  }
  return found;
}
