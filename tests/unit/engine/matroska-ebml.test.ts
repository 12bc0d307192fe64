import { describe, expect, it } from 'vitest';
import {
  parseHeader,
  voidElement,
} from '../../../workers/engine/formats/matroska/ebml';

describe('ebml Void elements', () => {
  const lengths = [2, 3, 9, 127, 128, 129, 130, 16_385, 16_386, 70_000];

  it.each(lengths)(
    'a Void of %i bytes parses back to exactly that length',
    (length) => {
      const bytes = voidElement(length);
      const header = parseHeader(bytes, 0, 0);
      expect(bytes).toHaveLength(length);
      expect(header?.id).toBe(0xec);
      expect(header!.dataOffset + header!.size!).toBe(length);
    },
  );

  it('uses the narrowest size field', () => {
    expect(voidElement(129)[1]).toBe(0x40); // 2-byte size: 126 data bytes
    expect(voidElement(128)[1]).toBe(0x80 | 126);
  });

  it('refuses a length below two bytes', () => {
    expect(() => voidElement(1)).toThrow();
  });
});
