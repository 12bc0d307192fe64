/**
 * Where a blip lies and how a picture inside it is cleaned: the nested engine cleans the
 * picture's bytes, its findings are named after the stream and the picture's number, and its
 * errors say which picture failed.
 */
import type { ByteReader } from '../../byte-source';
import { placedError } from '../../errors';
import { relocated, removable } from '../../findings';
import type { AnalysisContext } from '../../format-module';
import type { Cleaning } from './storage';

/**
 * Where a blip lies and how the report names it: the bytes it is read from (a stream, or records
 * joined logically) and how a same-size change at an offset of them is written back.
 */
export interface BlipPlace {
  readonly reader: ByteReader;
  readonly write: (at: number, data: Uint8Array) => void;
  readonly location: string;
  readonly number: number;
}

/**
 * Cleans `picture`, a file held by the blip at `where`, through the nested engine: its findings
 * go to `out`, relocated to the picture. The cleaned bytes when something was removed, else null.
 */
export async function cleanNestedPicture(
  where: BlipPlace,
  picture: Uint8Array,
  out: Cleaning,
  ctx: AnalysisContext,
): Promise<Uint8Array | null> {
  const name = `picture ${where.number}`;
  let cleaned;
  try {
    cleaned = await ctx.nested.clean(picture);
  } catch (error) {
    throw placedError(error, `${where.location}, ${name}`);
  }
  out.findings.push(
    ...relocated(
      cleaned.findings,
      `${where.location}, ${name}`,
      { name, kind: 'image' },
      ': ',
    ),
  );
  return cleaned.findings.some(removable) ? cleaned.bytes : null;
}
