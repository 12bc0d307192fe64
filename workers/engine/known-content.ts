/**
 * Content a container's clean made and holds, written compressed: a photo in an Office document,
 * inflated, cleaned, and written as a deflate stream spliced from its own (shared/deflate/splice.ts).
 * Verify-after-clean reads the held content instead of inflating what was written again: the
 * splice's construction proves the stream inflates to it, its CRC-32 combined from the checked one.
 * Keyed by the very array of new compressed bytes that starts the member's data in the plan, so a
 * copy of it is never taken for it.
 */
import { segmentSize, type OutputPlan } from './output-plan';

export interface KnownContent {
  /** The content in order: views of the held cleaned bytes, image data among them marked proven. */
  readonly parts: readonly Uint8Array[];
  readonly size: number;
  readonly crc32: number;
}

/** Output offset where a member's compressed data starts -> the content it inflates to. */
export type KnownContentMap = ReadonlyMap<number, KnownContent>;

const contentAfter = new WeakMap<Uint8Array, KnownContent>();

/** Records that compressed data starting with `head` (new bytes of the plan) inflates to `content`. */
export function markContent(head: Uint8Array, content: KnownContent): void {
  contentAfter.set(head, content);
}

/** Where the plan writes a marked array, the content it starts: verify's `knownContent`. */
export function knownContentInOutput(
  plan: OutputPlan,
): KnownContentMap | undefined {
  const known = new Map<number, KnownContent>();
  let pos = 0;
  for (const segment of plan) {
    const content =
      segment.kind === 'bytes' ? contentAfter.get(segment.data) : undefined;
    if (content) known.set(pos, content);
    pos += segmentSize(segment);
  }
  return known.size ? known : undefined;
}
