/**
 * The namespaces of an Office package's parts (ECMA-376 Part 1 and Part 2, their Strict
 * variants, and Office's extensions [MS-DOCX], [MS-XLSX], [MS-PPTX]), each under the prefix the
 * rules are written with. A part may bind any prefix to them, or use them as its default
 * namespace: the rules see the same names. The package's own vocabularies (relationships,
 * content types, extended properties) and SpreadsheetML are written without a prefix.
 */
import {
  NO_NAMESPACE,
  UNKNOWN_MARK,
  type NamespaceTable,
} from '../../shared/xml';

const TRANSITIONAL = 'http://schemas.openxmlformats.org/';
const STRICT = 'http://purl.oclc.org/ooxml/';
const OFFICE = 'http://schemas.microsoft.com/office/';

const PAIRS: readonly [string, string][] = [
  [`${TRANSITIONAL}wordprocessingml/2006/main`, 'w'],
  [`${STRICT}wordprocessingml/main`, 'w'],
  [`${TRANSITIONAL}spreadsheetml/2006/main`, ''],
  [`${STRICT}spreadsheetml/main`, ''],
  [`${TRANSITIONAL}presentationml/2006/main`, 'p'],
  [`${STRICT}presentationml/main`, 'p'],
  [`${TRANSITIONAL}drawingml/2006/main`, 'a'],
  [`${STRICT}drawingml/main`, 'a'],
  [`${TRANSITIONAL}officeDocument/2006/relationships`, 'r'],
  [`${STRICT}officeDocument/relationships`, 'r'],
  [`${TRANSITIONAL}package/2006/relationships`, ''],
  [`${TRANSITIONAL}package/2006/content-types`, ''],
  [`${TRANSITIONAL}officeDocument/2006/extended-properties`, ''],
  [`${STRICT}officeDocument/extendedProperties`, ''],
  [`${TRANSITIONAL}officeDocument/2006/custom-properties`, ''],
  [`${STRICT}officeDocument/customProperties`, ''],
  [`${TRANSITIONAL}officeDocument/2006/docPropsVTypes`, 'vt'],
  [`${STRICT}officeDocument/docPropsVTypes`, 'vt'],
  [`${TRANSITIONAL}package/2006/metadata/core-properties`, 'cp'],
  [`${TRANSITIONAL}markup-compatibility/2006`, 'mc'],
  // DrawingML's vocabularies for pictures, charts, the shapes drawn over a chart (chartDrawing,
  // ECMA-376 Part 1, 21.3), diagrams, sheet drawings, locked canvases and legacy shapes, and the
  // shared ones, each in both variants: a Strict document (Word's "Strict Open XML" save) writes
  // every one of them under purl.oclc.org, and one missing here takes its pictures, charts or
  // text boxes out of the copy as unknown markup.
  [`${TRANSITIONAL}drawingml/2006/wordprocessingDrawing`, 'wp'],
  [`${STRICT}drawingml/wordprocessingDrawing`, 'wp'],
  [`${TRANSITIONAL}drawingml/2006/picture`, 'pic'],
  [`${STRICT}drawingml/picture`, 'pic'],
  [`${TRANSITIONAL}drawingml/2006/chart`, 'c'],
  [`${STRICT}drawingml/chart`, 'c'],
  [`${TRANSITIONAL}drawingml/2006/chartDrawing`, 'cdr'],
  [`${STRICT}drawingml/chartDrawing`, 'cdr'],
  [`${TRANSITIONAL}drawingml/2006/diagram`, 'dgm'],
  [`${STRICT}drawingml/diagram`, 'dgm'],
  [`${TRANSITIONAL}drawingml/2006/spreadsheetDrawing`, 'xdr'],
  [`${STRICT}drawingml/spreadsheetDrawing`, 'xdr'],
  [`${TRANSITIONAL}drawingml/2006/lockedCanvas`, 'lc'],
  [`${STRICT}drawingml/lockedCanvas`, 'lc'],
  [`${TRANSITIONAL}drawingml/2006/compatibility`, 'com'],
  [`${STRICT}drawingml/compatibility`, 'com'],
  [`${TRANSITIONAL}officeDocument/2006/math`, 'm'],
  [`${STRICT}officeDocument/math`, 'm'],
  [`${TRANSITIONAL}schemaLibrary/2006/main`, 'sl'],
  [`${STRICT}schemaLibrary/main`, 'sl'],
  [`${TRANSITIONAL}officeDocument/2006/customXml`, 'ds'],
  [`${STRICT}officeDocument/customXml`, 'ds'],
  [`${TRANSITIONAL}officeDocument/2006/bibliography`, 'b'],
  [`${STRICT}officeDocument/bibliography`, 'b'],
  [`${TRANSITIONAL}officeDocument/2006/sharedTypes`, 's'],
  [`${STRICT}officeDocument/sharedTypes`, 's'],
  [`${OFFICE}word/2010/wordml`, 'w14'],
  [`${OFFICE}word/2012/wordml`, 'w15'],
  [`${OFFICE}word/2015/wordml/symex`, 'w16se'],
  [`${OFFICE}word/2016/wordml/cid`, 'w16cid'],
  [`${OFFICE}word/2018/wordml`, 'w16'],
  [`${OFFICE}word/2018/wordml/cex`, 'w16cex'],
  [`${OFFICE}word/2020/wordml/sdtdatahash`, 'w16sdtdh'],
  [`${OFFICE}word/2010/wordprocessingDrawing`, 'wp14'],
  [`${OFFICE}word/2010/wordprocessingShape`, 'wps'],
  [`${OFFICE}word/2010/wordprocessingGroup`, 'wpg'],
  [`${OFFICE}word/2010/wordprocessingCanvas`, 'wpc'],
  [`${OFFICE}word/2010/wordprocessingInk`, 'wpi'],
  [`${OFFICE}word/2006/wordml`, 'wne'],
  [`${OFFICE}powerpoint/2010/main`, 'p14'],
  [`${OFFICE}powerpoint/2012/main`, 'p15'],
  [`${OFFICE}spreadsheetml/2009/9/main`, 'x14'],
  [`${OFFICE}spreadsheetml/2009/9/ac`, 'x14ac'],
  [`${OFFICE}spreadsheetml/2010/11/main`, 'x15'],
  [`${OFFICE}spreadsheetml/2010/11/ac`, 'x15ac'],
  [`${OFFICE}spreadsheetml/2014/revision`, 'xr'],
  [`${OFFICE}spreadsheetml/2015/revision2`, 'xr2'],
  [`${OFFICE}spreadsheetml/2016/revision3`, 'xr3'],
  [`${OFFICE}spreadsheetml/2016/revision5`, 'xr5'],
  [`${OFFICE}spreadsheetml/2016/revision6`, 'xr6'],
  [`${OFFICE}spreadsheetml/2016/revision10`, 'xr10'],
  [`${OFFICE}drawing/2010/main`, 'a14'],
  [`${OFFICE}drawing/2014/main`, 'a16'],
  // Content Office writes in extension lists and alternate content: charts, SVG pictures, ink,
  // 3D models and theme extensions. Unknown markup leaves every part we edit, so a vocabulary
  // missing here would take a chart or a picture's vector form with it. Word 2023's w16du is
  // left out on purpose: its only attribute is a tracked change's date (dateUtc).
  [`${OFFICE}drawing/2012/main`, 'a15'],
  [`${OFFICE}drawing/2010/chart`, 'c14'],
  [`${OFFICE}drawing/2012/chart`, 'c15'],
  [`${OFFICE}drawing/2014/chart`, 'c16'],
  [`${OFFICE}drawing/2017/03/chart`, 'c16r2'],
  [`${OFFICE}drawing/2014/chartex`, 'cx'],
  [`${OFFICE}drawing/2016/SVG/main`, 'asvg'],
  [`${OFFICE}drawing/2016/ink`, 'aink'],
  // Pen strokes (ink parts, W3C InkML): content; their times go by the ink rules.
  ['http://www.w3.org/2003/InkML', 'inkml'],
  [`${OFFICE}drawing/2017/model3d`, 'am3d'],
  [`${OFFICE}drawing/2018/hyperlinkcolor`, 'ahyp'],
  [`${OFFICE}thememl/2012/main`, 'thm15'],
  [`${OFFICE}word/2012/wordprocessingDrawing`, 'wp15'],
  [`${OFFICE}spreadsheetml/2011/1/ac`, 'x12ac'],
  // What Office 2016-2024 write besides ([MS-PPTX] 2.1, [MS-XLSX] 2.1, [MS-DOCX] 2.1 and
  // [MS-ODRAWXML] 2.1 list them): PowerPoint's morph transition (p159), its 2015-2023 slide and
  // placeholder extensions and modern comments' slide links (p188); Excel's 2015-2022 sheet,
  // revision, dynamic-array, calculation, rich-data (pictures in cells), pivot-layout, feature
  // property bag and threaded-comment vocabularies; Office's extension lists (oel) and the chartex
  // revisions a chart is required by (cx1-cx8). Where they hold people (p188's author list,
  // xltc's person list and comments), part-rules.ts removes them whatever part they are in.
  [`${OFFICE}powerpoint/2015/09/main`, 'p159'],
  [`${OFFICE}powerpoint/2015/10/main`, 'p1510'],
  [`${OFFICE}powerpoint/2015/main`, 'p16'],
  [`${OFFICE}powerpoint/2018/8/main`, 'p188'],
  [`${OFFICE}powerpoint/2022/03/main`, 'p223'],
  [`${OFFICE}powerpoint/2023/02/main`, 'p232'],
  [`${OFFICE}spreadsheetml/2015/02/main`, 'x16r2'],
  [`${OFFICE}spreadsheetml/2018/08/main`, 'x16r3'],
  [`${OFFICE}spreadsheetml/2016/revision9`, 'xr9'],
  [`${OFFICE}spreadsheetml/2017/revision16`, 'xr16'],
  [`${OFFICE}spreadsheetml/2017/dynamicarray`, 'xda'],
  [`${OFFICE}spreadsheetml/2018/calcfeatures`, 'xcalcf'],
  [`${OFFICE}spreadsheetml/2017/richdata`, 'xlrd'],
  [`${OFFICE}spreadsheetml/2017/richdata2`, 'xlrd2'],
  [`${OFFICE}spreadsheetml/2022/richvaluerel`, 'xlrvrel'],
  [`${OFFICE}spreadsheetml/2022/featurepropertybag`, 'xfpb'],
  [`${OFFICE}spreadsheetml/2016/pivotdefaultlayout`, 'xpdl'],
  [`${OFFICE}spreadsheetml/2018/threadedcomments`, 'xltc'],
  [`${OFFICE}spreadsheetml/2020/threadedcomments2`, 'xltc2'],
  [`${OFFICE}2019/extlst`, 'oel'],
  [`${OFFICE}drawing/2015/9/8/chartex`, 'cx1'],
  [`${OFFICE}drawing/2015/10/21/chartex`, 'cx2'],
  [`${OFFICE}drawing/2016/5/9/chartex`, 'cx3'],
  [`${OFFICE}drawing/2016/5/10/chartex`, 'cx4'],
  [`${OFFICE}drawing/2016/5/11/chartex`, 'cx5'],
  [`${OFFICE}drawing/2016/5/12/chartex`, 'cx6'],
  [`${OFFICE}drawing/2016/5/13/chartex`, 'cx7'],
  [`${OFFICE}drawing/2016/5/14/chartex`, 'cx8'],
  // Office Add-ins ([MS-OWEXML] 2.1): an add-in's reference, settings and bindings, and the
  // task panes that show it; webextension-rules.ts judges the settings.
  [`${OFFICE}webextensions/webextension/2010/11`, 'we'],
  [`${OFFICE}webextensions/taskpanes/2010/11`, 'wetp'],
  ['urn:schemas-microsoft-com:vml', 'v'],
  ['urn:schemas-microsoft-com:office:office', 'o'],
  ['urn:schemas-microsoft-com:office:word', 'w10'],
  ['urn:schemas-microsoft-com:office:excel', 'x'],
  ['urn:schemas-microsoft-com:office:powerpoint', 'pvml'],
  ['http://purl.org/dc/elements/1.1/', 'dc'],
  ['http://purl.org/dc/terms/', 'dcterms'],
  ['http://purl.org/dc/dcmitype/', 'dcmitype'],
  ['http://www.w3.org/2001/XMLSchema-instance', 'xsi'],
];

export const OOXML_NAMESPACES: NamespaceTable = new Map(PAIRS);
/**
 * The table for an XML part's content: every element its vocabularies define is in a namespace,
 * so one in no namespace is unknown and goes with what it holds. (VML parts, whose root and text
 * boxes are in no namespace, are not walked with it.)
 */
export const OOXML_PART_NAMESPACES: NamespaceTable = new Map([
  ...PAIRS,
  [NO_NAMESPACE, UNKNOWN_MARK],
]);
