import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeCodecs } from '../../../cli/node-codecs';
import { ByteSource } from '../../../workers/engine/byte-source';
import { CheckedCopy } from '../../../workers/engine/checked-copy';
import { entropyCheck } from '../../../workers/engine/formats/jpeg/scan-claim';
import { readJpegLayout } from '../../../workers/engine/formats/jpeg/layout';
import {
  bytesAccess,
  rangeAccess,
} from '../../../workers/engine/random-access';
import { lendHostCodecs } from '../../../workers/engine/shared/host-codecs';
import { plainMarkerIndex } from '../../helpers/jpeg-plain-marker';

afterEach(() => lendHostCodecs({}));

const FF = 0xff;
const RST0 = 0xd0;

/** Bytes rich in 0xFF pairs of every kind, so markers, stuffing, restarts and fill all occur. */
const entropyLike = fc
  .uint8Array({ minLength: 0, maxLength: 300 })
  .map((b) =>
    b.map((x) =>
      x % 5 === 0 ? FF : x % 7 === 0 ? 0 : x % 11 === 0 ? RST0 : x,
    ),
  );

/** Feeds `bytes` to a fresh check in the pieces `cuts` makes. */
function fedInPieces(bytes: Uint8Array, cuts: readonly number[]): boolean {
  const check = entropyCheck();
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort(
    (a, b) => a - b,
  );
  let from = 0;
  for (const cut of [...at, bytes.length]) {
    if (!check.feed(bytes.subarray(from, cut))) return false;
    from = cut;
  }
  return true;
}

describe('entropyCheck', () => {
  for (const [host, codecs] of [
    ['portable search', {}],
    ['the CLI search', nodeCodecs()],
  ] as const) {
    it(`passes exactly the bytes that hold no marker, in any pieces (${host})`, () => {
      lendHostCodecs(codecs);
      fc.assert(
        fc.property(
          entropyLike,
          fc.array(fc.nat(), { maxLength: 6 }),
          (bytes, cuts) =>
            fedInPieces(bytes, cuts) === (plainMarkerIndex(bytes) === -1),
        ),
        { numRuns: 2000 },
      );
    });
  }

  it('fails on a marker whose 0xFF ends one piece and whose code starts the next', () => {
    const check = entropyCheck();
    expect(check.feed(Uint8Array.of(1, 2, FF))).toBe(true);
    expect(check.feed(Uint8Array.of(0xe1, 0, 0))).toBe(false);
  });
});

/** A sequential JPEG's frame: SOI, SOF (three components, or `progressive`), one SOS, data, EOI. */
function jpeg(options: {
  frame?: number;
  componentsInScan?: number;
  dataBytes: number;
  tail?: Uint8Array;
}): Uint8Array {
  const sof = [FF, options.frame ?? 0xc0, 0, 17, 8, 0, 16, 0, 16, 3];
  for (let c = 1; c <= 3; c++) sof.push(c, 0x11, 0);
  const ns = options.componentsInScan ?? 3;
  const sos = [FF, 0xda, 0, 6 + 2 * ns, ns];
  for (let c = 1; c <= ns; c++) sos.push(c, 0);
  sos.push(0, 63, 0);
  const data = new Uint8Array(options.dataBytes).fill(0x55);
  return Uint8Array.from([
    FF,
    0xd8,
    ...sof,
    ...sos,
    ...data,
    ...(options.tail ?? []),
    FF,
    0xd9,
  ]);
}

const MB = 1024 * 1024;

async function claimsOf(bytes: Uint8Array) {
  const input = bytesAccess(bytes);
  const claims = new CheckedCopy(input);
  const layout = await readJpegLayout(new ByteSource(input), {
    checkedCopy: claims,
  });
  return { layout, ranges: claims.ranges };
}

describe('a scan claimed for a checked copy', () => {
  it("is a sequential photo's one scan, up to the EOI that ends the file", async () => {
    const bytes = jpeg({ dataBytes: 2 * MB });
    const { layout, ranges } = await claimsOf(bytes);
    expect(ranges.map(({ start, end }) => ({ start, end }))).toEqual([
      { start: bytes.length - 2 - 2 * MB, end: bytes.length - 2 },
    ]);
    expect(layout.scans).toEqual([
      { start: bytes.length - 2 - 2 * MB, end: bytes.length - 2 },
    ]);
  });

  it('is scanned instead when the photo is progressive, has more scans or is small', async () => {
    for (const bytes of [
      jpeg({ frame: 0xc2, dataBytes: 2 * MB }),
      jpeg({ componentsInScan: 1, dataBytes: 2 * MB }),
      jpeg({ dataBytes: MB / 2 }),
    ])
      expect((await claimsOf(bytes)).ranges).toEqual([]);
  });

  it("is scanned instead when the bytes are not a range of the copy's input", async () => {
    const bytes = jpeg({ dataBytes: 2 * MB });
    const claims = new CheckedCopy(bytesAccess(new Uint8Array(8)));
    await readJpegLayout(new ByteSource(bytesAccess(bytes)), {
      checkedCopy: claims,
    });
    expect(claims.ranges).toEqual([]);
  });

  it("is put in the outer input's offsets when the photo lies inside it", async () => {
    const photo = jpeg({ dataBytes: 2 * MB });
    const outer = bytesAccess(
      Uint8Array.from([...new Uint8Array(100), ...photo]),
    );
    const claims = new CheckedCopy(outer);
    await readJpegLayout(
      new ByteSource(rangeAccess(outer, 100, 100 + photo.length)),
      { checkedCopy: claims },
    );
    expect(claims.ranges.map(({ start, end }) => ({ start, end }))).toEqual([
      { start: 100 + photo.length - 2 - 2 * MB, end: 100 + photo.length - 2 },
    ]);
  });
});
