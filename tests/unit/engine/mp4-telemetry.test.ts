/**
 * Telemetry tracks (GoPro gpmd, Android camm, Apple mebx): samples zeroed in mdat, track disabled,
 * reported as location; the video is untouched. A track of an unknown handler goes the same way.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY, ISO6709, telemetryMp4 } from '../../helpers/isobmff-fixtures';
import {
  cleanFile,
  contains,
  decodeErrors,
  fileBytes,
  framemd5,
  tempDir,
  type Cleaned,
} from '../../helpers/video-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const FAST_START = ['-movflags', '+faststart'];
const FRAGMENTED = ['-movflags', 'frag_keyframe+empty_moov'];
const TKHD_FLAGS_AFTER_TYPE = 1;
const FLAG_BYTES = 3;

/** The flags of every tkhd in file order, read by a plain byte search. */
function trackHeaderFlags(bytes: Uint8Array): number[] {
  const buffer = Buffer.from(bytes);
  const flags: number[] = [];
  for (
    let at = buffer.indexOf('tkhd');
    at >= 0;
    at = buffer.indexOf('tkhd', at + 4)
  ) {
    flags.push(buffer.readUIntBE(at + 4 + TKHD_FLAGS_AFTER_TYPE, FLAG_BYTES));
  }
  return flags;
}

let dir: string;
const cases: Record<string, { input: string; cleaned?: Cleaned }> = {};

beforeAll(async () => {
  dir = tempDir('isobmff-telemetry');
  cases.gpmd = { input: telemetryMp4(dir, 'gpmd') };
  cases.camm = { input: telemetryMp4(dir, 'camm', FAST_START, '-faststart') };
  cases.mebx = { input: telemetryMp4(dir, 'mebx', FRAGMENTED, '-fragmented') };
  // A vendor's timed-metadata track we have no name for still goes.
  cases.xyzm = { input: telemetryMp4(dir, 'xyzm') };
  // A track of a handler no player knows ('url ', as ffmpeg writes for a data stream it cannot
  // name) holds samples no rule reads: they go too, whatever its sample entry says.
  cases.tx3g = { input: telemetryMp4(dir, 'tx3g', [], '-url', 'url ') };
  for (const c of Object.values(cases)) c.cleaned = await cleanFile(c.input);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(['gpmd', 'camm', 'mebx', 'xyzm', 'tx3g'])('%s track', (entry) => {
  it('was planted with the canary', () => {
    expect(contains(fileBytes(cases[entry]!.input), CANARY.telemetry)).toBe(
      true,
    );
  });

  it('has its samples zeroed in place and is reported as location', () => {
    const { bytes, inPlace, result } = cases[entry]!.cleaned!;
    expect(inPlace).toBe(true);
    expectNoLeaks(fileBytes(cases[entry]!.input), bytes, [
      CANARY.telemetry,
      ISO6709.slice(0, ISO6709.lastIndexOf('+')),
    ]);
    const category = ['xyzm', 'tx3g'].includes(entry) ? 'other' : 'location';
    expect(result.removed).toContainEqual(
      expect.objectContaining({ category, label: entry }),
    );
  });

  it('is disabled while the video track stays enabled', () => {
    expect(trackHeaderFlags(fileBytes(cases[entry]!.input))[1]).not.toBe(0);
    const flags = trackHeaderFlags(cases[entry]!.cleaned!.bytes);
    expect(flags[0]).not.toBe(0);
    expect(flags[1]).toBe(0);
  });

  it('leaves the video frames identical and playable', () => {
    const { input, cleaned } = cases[entry]!;
    expect(framemd5(cleaned!.path)).toBe(framemd5(input));
    expect(decodeErrors(cleaned!.path)).toBe('');
  });
});
