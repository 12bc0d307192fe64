/**
 * Every failure reaches the visitor and the CLI as a typed error with a detail written for
 * people: no JavaScript message (`Cannot read properties of undefined`, `unknown AMF0 type
 * undefined`) ever leaks, whether a parser foresaw the damage or not.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanPlan, inspect } from '../../../workers/engine';
import { UNFORESEEN_DETAIL } from '../../../workers/engine/index';
import { png } from '../../../workers/engine/formats/png';
import { cleanOutcome } from '../../helpers/fuzz-engine';
import { amfString, flvHeader, scriptTag } from '../../helpers/video-flv';

const JS_MESSAGE =
  /Cannot read|undefined|is not a function|is not iterable|Maximum call stack|Invalid (array|typed array)|out of range index/i;
const PNG_SIGNATURE = Uint8Array.of(
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a parser crash the parser did not foresee', () => {
  it('becomes corrupt with a detail for people, not the JavaScript message', async () => {
    vi.spyOn(png, 'analyze').mockImplementation(() => {
      throw new TypeError("Cannot read properties of undefined (reading 'x')");
    });
    const file = new Blob([PNG_SIGNATURE, new Uint8Array(64)]);
    for (const run of [() => inspect(file), () => cleanPlan(file)]) {
      const error = await run().catch((e: unknown) => e);
      expect(error).toMatchObject({
        code: 'corrupt',
        detail: UNFORESEEN_DETAIL,
      });
      expect(String(error)).not.toMatch(JS_MESSAGE);
    }
  });
});

describe('crafted inputs that once threw JavaScript errors', () => {
  it('an AMF value cut off at the end of its script tag', async () => {
    // onMetaData as an ECMA array whose one property has a name and no value.
    const data = Buffer.concat([
      amfString('onMetaData'),
      Buffer.from([0x08, 0, 0, 0, 1]),
      Buffer.from([0, 5]),
      Buffer.from('title'),
    ]);
    const flv = new Uint8Array(Buffer.concat([flvHeader(), scriptTag(data)]));
    const outcome = await cleanOutcome(flv);
    expect(outcome).toMatchObject({ kind: 'error', code: 'corrupt' });
    if (outcome.kind === 'error')
      expect(outcome.detail).not.toMatch(JS_MESSAGE);
  });

  it('an ASF file with fewer bytes after its last object than a GUID', async () => {
    const header = Buffer.alloc(30);
    Buffer.from('3026b2758e66cf11a6d900aa0062ce6c', 'hex').copy(header);
    header.writeBigUInt64LE(30n, 16);
    const asf = new Uint8Array(Buffer.concat([header, Buffer.alloc(10, 0x41)]));
    const outcome = await cleanOutcome(asf);
    expect(outcome).toMatchObject({ kind: 'error', code: 'corrupt' });
    if (outcome.kind === 'error')
      expect(outcome.detail).not.toMatch(JS_MESSAGE);
  });
});
