/** Our own zip reader and writer: members are located and copied as input ranges, never re-read. */
export { METHOD_DEFLATED, METHOD_STORED } from './format';
export { readMember } from './member';
export {
  cleanNestedMember,
  verifiedKnownMember,
  type NestedMember,
} from './nested';
export { HeldBytes } from './whole';
export { MemberReadAhead } from './read-ahead';
export {
  checkMemberName,
  readZip,
  type ZipArchive,
  type ZipEntry,
} from './read';
export {
  copiedMember,
  newMember,
  storedPlanMember,
  writeZip,
  type OutMember,
} from './write';
export { firstMemberIsMimetype } from './sniff';
export { contentRule, recognisedContent, UNCHECKED_PART } from './recognise';
export { isFont } from './fonts';
export { isSystemFile } from './system-files';
export {
  cleanPackage,
  noRules,
  packageReader,
  resultRules,
  type MemberRule,
  type PackagePlan,
  type PackagePolicy,
  type PackageReader,
  type XmlPass,
  type XmlRuleResult,
} from './package';
export { partKey, resolvePart } from './names';
export { looksNested } from './nested';
export { copiedContentMember } from './content';
export type { XmlPart } from './encoding';
