/** The content parts of an original and its clean copy, paired by key and compared by hash. */
import type { ContentHashes, PartHash } from './hash-content';

/** One content part, in the original and in the copy. */
export interface PartComparison {
  readonly kind: PartHash['kind'];
  readonly key: string;
  readonly page?: number;
  readonly track?: number;
  readonly member?: string;
  readonly name?: string;
  readonly original?: PartHash;
  readonly copy?: PartHash;
  /** Both hashed, and their SHA-256 equal: the one way a part is called identical. */
  readonly identical: boolean;
}

export interface ContentComparison {
  readonly parts: readonly PartComparison[];
  /** Every part identical, and at least one part compared. */
  readonly identical: boolean;
  /** Why the content was not compared, from the original's (or else the copy's) hashing. */
  readonly error?: ContentHashes['error'];
  readonly reason?: ContentHashes['reason'];
}

export function compareContent(
  original: ContentHashes,
  copy: ContentHashes,
): ContentComparison {
  const copies = new Map(copy.parts.map((p) => [p.key, p]));
  const parts: PartComparison[] = original.parts.map((o) => {
    const c = copies.get(o.key);
    copies.delete(o.key);
    const identical =
      o.sha256 !== undefined &&
      c?.sha256 !== undefined &&
      o.sha256 === c.sha256;
    return {
      kind: o.kind,
      key: o.key,
      ...(o.page === undefined ? {} : { page: o.page }),
      ...(o.track === undefined ? {} : { track: o.track }),
      ...(o.member === undefined ? {} : { member: o.member }),
      ...(o.name === undefined ? {} : { name: o.name }),
      original: o,
      ...(c ? { copy: c } : {}),
      identical,
    };
  });
  for (const c of copies.values())
    parts.push({
      kind: c.kind,
      key: c.key,
      ...(c.page === undefined ? {} : { page: c.page }),
      ...(c.track === undefined ? {} : { track: c.track }),
      ...(c.member === undefined ? {} : { member: c.member }),
      ...(c.name === undefined ? {} : { name: c.name }),
      copy: c,
      identical: false,
    });
  const error = original.error ?? copy.error;
  const reason = original.reason ?? copy.reason;
  return {
    parts,
    identical:
      error === undefined &&
      parts.length > 0 &&
      parts.every((p) => p.identical),
    ...(error === undefined ? {} : { error }),
    ...(reason === undefined ? {} : { reason }),
  };
}
