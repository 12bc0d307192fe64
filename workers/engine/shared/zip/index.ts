/** Our own zip reader and writer: members are located and copied as input ranges, never re-read. */
export { METHOD_DEFLATED, METHOD_STORED } from './format';
export { readMember } from './member';
export {
  cleanedOrCopiedMember,
  cleanNestedMember,
  isNestedFile,
  type NestedMember,
} from './nested';
export {
  checkMemberName,
  readZip,
  type ZipArchive,
  type ZipEntry,
} from './read';
export {
  copiedMember,
  inEntryOrder,
  newMember,
  storedPlanMember,
  writeZip,
  type OutMember,
} from './write';
export { firstMemberIsMimetype } from './sniff';
export { isSystemFile } from './system-files';
export { editedXmlMember } from './xml-member';
