import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MARKER_SCAN_WINDOW_BYTES,
  markerScanModuleBytes,
  wasmMarkerIndex,
  type MarkerIndex,
} from '../../../cli/marker-scan-wasm';
import { nodeCodecs } from '../../../cli/node-codecs';
import { markerIndexPortable } from '../../../workers/engine/formats/jpeg/entropy-scan';
import { plainMarkerIndex } from '../../helpers/jpeg-plain-marker';

const FF = 0xff;
const EOI = 0xd9;
const RST0 = 0xd0;
const RST7 = 0xd7;

function vectorSearch(): MarkerIndex {
  const search = wasmMarkerIndex();
  if (!search) throw new Error('this Node has no WebAssembly SIMD');
  return search;
}

/** Bytes drawn mostly from the ones the search tells apart, so every case meets many. */
const scanByte = fc.oneof(
  fc.constantFrom(FF, FF, FF, 0, 0, RST0, RST7, RST0 - 1, RST7 + 1, EOI),
  fc.integer({ min: 0, max: 255 }),
);
/** A chunk as a view into a larger buffer at any offset, as a chunk read from a file often is. */
const chunks = fc
  .tuple(fc.array(scanByte, { maxLength: 80 }), fc.nat({ max: 17 }))
  .map(([bytes, skip]) =>
    new Uint8Array([...new Uint8Array(skip).fill(FF), ...bytes]).subarray(skip),
  );

describe("the CLI's vector search for a JPEG entropy scan's marker", () => {
  it('is valid WebAssembly with SIMD on this Node, so the CLI lends it', () => {
    expect(WebAssembly.validate(markerScanModuleBytes())).toBe(true);
    expect(nodeCodecs().entropyMarkerIndex).toBeTypeOf('function');
  });

  it("answers as the plain definition and the engine's own search, at any length and offset", () => {
    const search = vectorSearch();
    fc.assert(
      fc.property(chunks, (chunk) => {
        const expected = plainMarkerIndex(chunk);
        expect(markerIndexPortable(chunk)).toBe(expected);
        expect(search(chunk)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('finds a marker in every lane and after every run of stuffed bytes and restarts', () => {
    const search = vectorSearch();
    for (let at = 0; at < 40; at++) {
      const chunk = new Uint8Array(48);
      for (let i = 0; i + 1 < chunk.length; i += 2) {
        chunk[i] = FF;
        chunk[i + 1] = i % 6 === 0 ? RST0 + ((i >> 1) & 7) : 0;
      }
      chunk.fill(7, at);
      chunk[at] = FF;
      chunk[at + 1] = EOI;
      expect(plainMarkerIndex(chunk)).toBe(at);
      expect(search(chunk)).toBe(at);
      // A chunk that ends at the 0xFF does not see its successor: no marker.
      expect(search(chunk.subarray(0, at + 1))).toBe(
        plainMarkerIndex(chunk.subarray(0, at + 1)),
      );
    }
  });

  it('searches a chunk longer than its window in windows that meet across the boundary', () => {
    const search = vectorSearch();
    const stuffed = new Uint8Array(2 * MARKER_SCAN_WINDOW_BYTES + 100);
    for (let i = 0; i + 1 < stuffed.length; i += 2) stuffed[i] = FF;
    expect(search(stuffed)).toBe(-1);
    const w = MARKER_SCAN_WINDOW_BYTES;
    for (const at of [w - 2, w - 1, w, w + 1, 2 * w - 1, stuffed.length - 2]) {
      const chunk = stuffed.slice();
      chunk[at - 1] = 0;
      chunk[at] = FF;
      chunk[at + 1] = EOI;
      expect(plainMarkerIndex(chunk)).toBe(at);
      expect(search(chunk)).toBe(at);
    }
  });
});
