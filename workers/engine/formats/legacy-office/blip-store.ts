/**
 * The blips an OfficeArtBStoreContainer's file blocks name ([MS-ODRAW] 2.2.20, 2.2.32): a blip
 * inside an OfficeArtFBSE record, or in a delay stream at its foDelay, or a blip record standing
 * as a file block itself. Each is cleaned where it lies by pictures.ts and remembered, so that a
 * sweep can tell a placed photo from one the walk never reached.
 */
import { u16le, u32le } from '../../bytes';
import { corrupt, EngineError, throwIfAborted } from '../../errors';
import type { AnalysisContext } from '../../format-module';
import { MAX_ENTRIES } from '../../limits';
import { cleanBlip, type BlipPlace, type BlipSpan } from './pictures';
import type { Cleaning } from './storage';

const RECORD_HEADER_BYTES = 8;
const FBSE = 0xf007;
const CHECK_EVERY = 256;
/** [MS-ODRAW] 2.2.32 OfficeArtFBSE: size, foDelay and cbName; 36 bytes before nameData. */
const FBSE_SIZE_AT = 20;
const FBSE_DELAY_AT = 28;
const FBSE_NAME_COUNT_AT = 33;
const FBSE_FIXED_BYTES = 36;
/** foDelay of a blip that is not in the delay stream. */
const NO_DELAY = 0xffffffff;

/** The blips placed in each stream, by its location, and how many in all. */
export interface Placed {
  readonly spans: Map<string, BlipSpan[]>;
  count: number;
}

export async function place(
  placed: Placed,
  where: BlipPlace,
  at: number,
  end: number,
  out: Cleaning,
  ctx: AnalysisContext,
): Promise<void> {
  const n = placed.count++;
  if (n >= MAX_ENTRIES) throw corrupt('too many pictures');
  if (n % CHECK_EVERY === 0) throwIfAborted(ctx.signal);
  const blip = await cleanBlip({ ...where, number: n + 1 }, at, out, ctx, end);
  if (!blip.known)
    throw new EngineError(
      'unclean',
      `${where.location}: a picture record of a type the engine does not know`,
    );
  const spans = placed.spans.get(where.location) ?? [];
  spans.push(blip);
  placed.spans.set(where.location, spans);
}

/**
 * The FBSE records from `from` to `to` of `b` (which starts at `base` in `where`'s stream):
 * each blip inside its record, or in the delay stream `delay` at foDelay (none: the clean fails).
 */
export async function cleanFbses(
  b: Uint8Array,
  from: number,
  to: number,
  base: number,
  where: BlipPlace,
  delay: BlipPlace | null,
  placed: Placed,
  out: Cleaning,
  ctx: AnalysisContext,
): Promise<void> {
  for (let at = from; at + RECORD_HEADER_BYTES <= to;) {
    const type = u16le(b, at + 2);
    const length = u32le(b, at + 4);
    const body = at + RECORD_HEADER_BYTES;
    if (body + length > to)
      throw corrupt('a picture entry runs past its container');
    if (type !== FBSE) {
      // [MS-ODRAW] 2.2.20: a file block is an FBSE or a blip itself.
      await place(placed, where, base + at, base + body + length, out, ctx);
      at = body + length;
      continue;
    }
    if (length < FBSE_FIXED_BYTES) throw corrupt('a picture entry too short');
    const embedded = body + FBSE_FIXED_BYTES + b[body + FBSE_NAME_COUNT_AT]!;
    const size = u32le(b, body + FBSE_SIZE_AT);
    const foDelay = u32le(b, body + FBSE_DELAY_AT);
    if (embedded + RECORD_HEADER_BYTES <= body + length)
      await place(
        placed,
        where,
        base + embedded,
        base + body + length,
        out,
        ctx,
      );
    else if (size > 0 && foDelay !== NO_DELAY) {
      if (!delay)
        throw new EngineError(
          'unclean',
          `${where.location}: a picture in a delay stream this file has none of`,
        );
      if (foDelay + size > delay.reader.size)
        throw corrupt('a picture runs past the delay stream');
      await place(placed, delay, foDelay, foDelay + size, out, ctx);
    }
    at = body + length;
  }
}
