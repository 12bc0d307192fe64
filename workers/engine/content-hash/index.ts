export type { ContentKind, ContentPart } from './content-part';
export {
  HASH_SLICE_BYTES,
  hashContent,
  type ContentHashes,
  type PartHash,
  type PartHashError,
  type Sha256Host,
  type Sha256Stream,
} from './hash-content';
export {
  compareContent,
  type ContentComparison,
  type PartComparison,
} from './compare';
export {
  locateContent,
  UnlocatedContent,
  type UnlocatedReason,
} from './locate';
