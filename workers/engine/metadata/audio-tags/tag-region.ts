import type { ByteSource } from '../../byte-source';
import { EngineError } from '../../errors';
import type { Finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';

/** A whole tag in the file, [start, end), that cleaning drops, with what it holds. */
export interface TagRegion {
  readonly start: number;
  readonly end: number;
  readonly findings: Finding[];
}

/** Reads a tag into memory for the report, refusing tags beyond the metadata limit. */
export async function readTag(
  src: ByteSource,
  start: number,
  end: number,
): Promise<Uint8Array> {
  if (end - start > MAX_METADATA_BYTES) {
    throw new EngineError(
      'too-large',
      `tag at ${start} is ${end - start} bytes`,
    );
  }
  return src.readExact(start, end - start);
}
