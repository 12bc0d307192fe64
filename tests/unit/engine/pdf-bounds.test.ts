import { describe, expect, it } from 'vitest';
import { cleanPlan, isEngineError } from '../../../workers/engine';
import {
  hugeHexString,
  hugeLiteralString,
  unterminatedObjectStreams,
} from '../../helpers/pdf-bombs';
import { blobOf } from '../../helpers/video-tools';

const MB = 1024 * 1024;

/** A clean, or the code of a typed error; anything else fails the test. */
async function outcome(bytes: Uint8Array): Promise<string> {
  try {
    await cleanPlan(blobOf(bytes));
    return 'clean';
  } catch (error) {
    expect(isEngineError(error), String(error)).toBe(true);
    return isEngineError(error) ? error.code : 'foreign';
  }
}

// How long and how much memory each takes is measured by `npm run bench` and the campaign
// script, not asserted here: these tests only say the engine answers with a clean or a code.
describe('pdf: strings and streams that cost more than the file', () => {
  it('reads a 60 MB literal string inside an object stream of a 61 KB file', async () => {
    const pdf = hugeLiteralString(60 * MB);
    expect(pdf.length).toBeLessThan(100 * 1024);
    expect(['clean', 'too-large']).toContain(await outcome(pdf));
  });

  it('reads a hex string of 60 million digits inside an object stream', async () => {
    const pdf = hugeHexString(60 * MB);
    expect(pdf.length).toBeLessThan(200 * 1024);
    expect(['clean', 'too-large']).toContain(await outcome(pdf));
  });

  it('rebuilds the cross-reference of 10,000 object streams that never end', async () => {
    const pdf = unterminatedObjectStreams(10_000);
    expect(['clean', 'corrupt']).toContain(await outcome(pdf));
  });
});
