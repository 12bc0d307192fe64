/** A small, bounded XML walker and range rewriter: edits keep every other byte as it was. */
export { hasInternalSubset } from './doctype';
export { XmlEdits } from './edit';
export { decodeXml, encodeXml, shortAscii, xmlText } from './text';
export { instructionStays, instructionTarget } from './instructions';
export {
  holdsLocalPath,
  linksToLocalPlace,
  localPathStart,
  mentionsLocalPath,
  withoutFolders,
} from './local-path';
export {
  attribute,
  decodeEntities,
  escapeXml,
  localName,
  walkXml,
  type XmlAttribute,
  type XmlElement,
  type XmlVisitor,
} from './tokenize';
export {
  isUnknownName,
  NO_NAMESPACE,
  UNKNOWN_MARK,
  type NamespaceTable,
} from './namespaces';
export { UnknownMarkup } from './unknown';
export { allOf, walks } from './visitors';
