/**
 * The track header (ISO/IEC 14496-12 8.3.2): track_ID, flags and the display matrix. The matrix is
 * how phones store rotation, so it is kept and reported as kept; a telemetry track gets its flags
 * cleared (track_enabled, track_in_movie, track_in_preview: 8.3.2.3) so players skip it.
 */
import { u32be, u8 } from '../../bytes';
import { corrupt } from '../../errors';
import { finding, type Finding } from '../../findings';
import { FULL_BOX_BYTES, type Box } from './box';
import type { Region } from './region';

const V0_TIME_BYTES = 4;
const V1_TIME_BYTES = 8;
/** From the end of the times: track_ID, reserved, duration, reserved[2], layer, group, volume, reserved. */
const TRACK_ID_BYTES = 4;
const RESERVED_AFTER_ID = 4;
const RESERVED_BEFORE_MATRIX = 16;
const MATRIX_VALUES = 9;
const FIXED_16_16_ONE = 0x10000;
const DEGREES_PER_HALF_TURN = 180;
const FLAG_BYTES = 3;

export interface TrackHeader {
  readonly trackId: number;
  /** Matrix entries a, b, c, d (16.16 fixed point). */
  readonly matrix: readonly [number, number, number, number];
}

const signed = (v: number) => (v | 0) / FIXED_16_16_ONE;

export function readTrackHeader(region: Region, tkhd: Box): TrackHeader {
  const at = tkhd.payload - region.base;
  const times = u8(region.bytes, at) === 1 ? V1_TIME_BYTES : V0_TIME_BYTES;
  const idAt = at + FULL_BOX_BYTES + 2 * times;
  const matrixAt =
    idAt + TRACK_ID_BYTES + RESERVED_AFTER_ID + times + RESERVED_BEFORE_MATRIX;
  if (matrixAt + MATRIX_VALUES * 4 > tkhd.end - region.base)
    throw corrupt(`tkhd at ${tkhd.start} is too short`);
  const value = (i: number) => signed(u32be(region.bytes, matrixAt + i * 4));
  return {
    trackId: u32be(region.bytes, idAt),
    matrix: [value(0), value(1), value(3), value(4)],
  };
}

/** A kept "orientation" finding when the matrix rotates or mirrors the picture. */
export function orientationFinding(
  header: TrackHeader,
  path: string,
): Finding | null {
  const [a, b, c, d] = header.matrix;
  if (a === 1 && b === 0 && c === 0 && d === 1) return null;
  const mirrored = a * d - b * c < 0;
  const degrees = Math.round(
    (Math.atan2(b, a) * DEGREES_PER_HALF_TURN) / Math.PI,
  );
  const turn = (degrees + 360) % 360;
  const value = `${turn}°${mirrored ? ', mirrored' : ''}`;
  return finding(
    'image.orientation',
    'tkhd matrix',
    path,
    value,
    'orientation',
  );
}

export function disableTrack(region: Region, tkhd: Box): void {
  const flagsAt = tkhd.payload + 1;
  region.zero(flagsAt, flagsAt + FLAG_BYTES);
}
