/**
 * Creation and modification times in mvhd, tkhd and mdhd (ISO/IEC 14496-12 8.2.2, 8.3.2, 8.4.2):
 * right after the FullBox header, 32-bit in version 0 and 64-bit in version 1, seconds since
 * 1904-01-01 UTC. They are zeroed in place; zero is the format's "unknown" and players ignore it.
 */
import { u32be, u64be, u8 } from '../../bytes';
import { corrupt } from '../../errors';
import { finding, type Finding } from '../../findings';
import { FULL_BOX_BYTES, type Box } from './box';
import type { Region } from './region';

/** Seconds from 1904-01-01 (the QuickTime epoch) to 1970-01-01. */
const MAC_EPOCH_OFFSET_SECONDS = 2_082_844_800;
const MS_PER_SECOND = 1000;
const V1_TIME_BYTES = 8;
const V0_TIME_BYTES = 4;

export function macTimeToIso(seconds: number): string | undefined {
  const date = new Date((seconds - MAC_EPOCH_OFFSET_SECONDS) * MS_PER_SECOND);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Reports and zeroes the two times of a header box; `path` names it for the report. */
export function zeroHeaderTimes(
  region: Region,
  box: Box,
  path: string,
  findings: Finding[],
): void {
  const at = box.payload - region.base;
  const version = u8(region.bytes, at);
  const width = version === 1 ? V1_TIME_BYTES : V0_TIME_BYTES;
  const read = width === V1_TIME_BYTES ? u64be : u32be;
  if (box.end - box.payload < FULL_BOX_BYTES + 2 * width)
    throw corrupt(`'${box.type}' at ${box.start} is too short for its times`);
  const labels = [
    ['creation_time', 'time.created'],
    ['modification_time', 'time.modified'],
  ] as const;
  labels.forEach(([label, field], i) => {
    const offset = at + FULL_BOX_BYTES + i * width;
    const seconds = read(region.bytes, offset);
    if (seconds === 0) return;
    findings.push(finding(field, label, path, macTimeToIso(seconds)));
    region.zero(region.base + offset, region.base + offset + width);
  });
}
