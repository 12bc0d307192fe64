import { describe, expect, it } from 'vitest';
import {
  readIptcFindings,
  readPhotoshopFindings,
} from '../../../workers/engine/metadata/iptc';

function dataset(record: number, id: number, text: string): number[] {
  const bytes = [...new TextEncoder().encode(text)];
  return [0x1c, record, id, bytes.length >> 8, bytes.length & 0xff, ...bytes];
}

function resource(id: number, data: number[]): number[] {
  const size = [0, 0, data.length >> 8, data.length & 0xff];
  return [
    ...new TextEncoder().encode('8BIM'),
    id >> 8,
    id & 0xff,
    0,
    0,
    ...size,
    ...data,
    ...(data.length % 2 ? [0] : []),
  ];
}

const IIM = [
  ...dataset(1, 90, '\x1b%G'),
  ...dataset(2, 0, '\x00\x04'),
  ...dataset(2, 80, 'MCCANARY By-line'),
  ...dataset(2, 55, '20111111'),
  ...dataset(2, 90, 'MCCANARY City'),
];

describe('readIptcFindings', () => {
  const found = readIptcFindings(Uint8Array.from(IIM), 'IPTC');

  it('names record 2 datasets and skips the envelope record', () => {
    expect(found.map((f) => [f.label, f.category, f.value])).toEqual([
      ['By-line', 'author', 'MCCANARY By-line'],
      ['DateCreated', 'time', '2011-11-11'],
      ['City', 'location', 'MCCANARY City'],
    ]);
  });

  it('stops at a dataset that runs past the block', () => {
    const cut = Uint8Array.from(IIM.slice(0, IIM.length - 3));
    expect(readIptcFindings(cut, 'IPTC').map((f) => f.label)).toEqual([
      'By-line',
      'DateCreated',
      'City',
    ]);
    expect(readIptcFindings(new Uint8Array([1, 2, 3]), 'IPTC')[0]?.label).toBe(
      'IPTC',
    );
  });
});

describe('readPhotoshopFindings', () => {
  it('reads IPTC and thumbnails from image resource blocks', () => {
    const irb = Uint8Array.from([
      ...resource(0x0404, IIM),
      ...resource(0x040c, [1, 2, 3]),
    ]);
    const found = readPhotoshopFindings(irb, 'APP13');
    expect(found.map((f) => f.label)).toEqual([
      'By-line',
      'DateCreated',
      'City',
      'PhotoshopThumbnail',
    ]);
    expect(found[0]?.location).toBe('APP13 / IPTC');
  });

  it('survives a lying resource size', () => {
    const irb = Uint8Array.from(resource(0x0404, IIM));
    new DataView(irb.buffer).setUint32(8, 0xffffffff);
    expect(() => readPhotoshopFindings(irb, 'APP13')).not.toThrow();
  });
});
