/** The ASS/SSA header cleaner alone: which lines it blanks, and that nothing moves. */
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cleanPlan, planToBlob } from '../../../workers/engine';
import { cleanAssHeader } from '../../../workers/engine/formats/matroska/ass-header';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { ebmlHeader, element } from '../../helpers/video-ebml';
import { blobOf, contains } from '../../helpers/video-tools';

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('cleanAssHeader', () => {
  it('keeps the length and every line break, CRLF or LF', () => {
    const text = '[Script Info]\r\nTitle: Ünïcode tïtle\r\nPlayResX: 640\n';
    const { bytes } = cleanAssHeader(encode(text));
    expect(bytes.length).toBe(encode(text).length);
    const lines = decode(bytes).split('\n');
    expect(lines[0]).toBe('[Script Info]\r');
    expect(lines[1]).toMatch(/^Title: +\r$/);
    expect(lines[2]).toBe('PlayResX: 640');
  });

  it("keeps an SSA script's renderer keys and V4 styles, blanks the rest", () => {
    const text = [
      '[Script Info]',
      'ScriptType: v4.00',
      'Collisions: Normal',
      'PlayDepth: 0',
      'Timer: 100.0000',
      'Synch Point: 0',
      'a line without a key',
      '!: an SSA comment',
      '',
      '[V4 Styles]',
      'Format: Name, Fontname',
      '; a style comment',
      'Style: Default,Tahoma',
      '',
      '[Some Tool Data]',
      'Anything: private',
    ].join('\n');
    const { bytes, blanked } = cleanAssHeader(encode(text));
    const out = decode(bytes);
    for (const kept of [
      'ScriptType: v4.00',
      'Collisions: Normal',
      'PlayDepth: 0',
      'Timer: 100.0000',
      '[V4 Styles]',
      'Format: Name, Fontname',
      'Style: Default,Tahoma',
      '[Some Tool Data]',
    ])
      expect(out).toContain(kept);
    for (const gone of ['a line without', 'SSA comment', 'style comment'])
      expect(out).not.toContain(gone);
    expect(out).toContain('Synch Point: ');
    expect(out).toContain('Anything: ');
    expect(out).not.toContain('private');
    expect(blanked.map((b) => [b.section, b.label, b.field])).toEqual([
      ['Script Info', 'Synch Point', 'software.detail'],
      ['Script Info', 'line', 'document.unknown-key'],
      ['Script Info', 'comment', 'content.comment'],
      ['V4 Styles', 'comment', 'content.comment'],
      ['Some Tool Data', 'Anything', 'software.detail'],
    ]);
  });

  it('names the file paths and editor state older Aegisub wrote in [Script Info]', () => {
    const text = [
      '[Script Info]',
      'Audio File: C:\\Users\\Someone\\a.wav',
      'Video File: /home/someone/v.mkv',
      'Last Style Storage: Default',
      'PlayResY: 360',
    ].join('\r\n');
    const { bytes, blanked } = cleanAssHeader(encode(text));
    expect(blanked.map((b) => [b.label, b.field, b.value])).toEqual([
      ['Audio File', 'identifier.file-name', 'C:\\Users\\Someone\\a.wav'],
      ['Video File', 'identifier.file-name', '/home/someone/v.mkv'],
      ['Last Style Storage', 'software.detail', 'Default'],
    ]);
    expect(decode(bytes)).not.toContain('Someone');
    expect(decode(bytes)).not.toContain('someone');
    expect(decode(bytes)).toContain('PlayResY: 360');
  });

  it('blanks nothing in a header with only renderer keys and styles', () => {
    const text =
      '[Script Info]\nScriptType: v4.00+\n\n[V4+ Styles]\nStyle: A\n';
    const { bytes, blanked } = cleanAssHeader(encode(text));
    expect(blanked).toEqual([]);
    expect(decode(bytes)).toBe(text);
  });
});

/** A CRC-32 element over `children` (RFC 8794 11.3.1), to put first in their master. */
function crcOf(...children: Uint8Array[]): Uint8Array {
  const value = Buffer.alloc(4);
  value.writeUInt32LE(crc32(Buffer.concat(children)));
  return element('bf', new Uint8Array(value));
}

/** True when the master at `at` (an `element()`: 8-byte size) starts with a right CRC-32. */
function crcHolds(bytes: Uint8Array, at: number, idBytes: number): boolean {
  const sizeBytes = 8;
  const crcBytes = 1 + sizeBytes + 4;
  const data = at + idBytes + sizeBytes;
  const size = Number(
    Buffer.from(bytes.subarray(at + idBytes, data)).readBigUInt64BE() &
      ((1n << 56n) - 1n),
  );
  const stored = Buffer.from(bytes).readUInt32LE(data + crcBytes - 4);
  return stored === crc32(bytes.subarray(data + crcBytes, data + size));
}

/** A Matroska file made by hand: one subtitle track with `codec` and this header. */
function assTrackFile(
  codec: string,
  header: string,
  compressed = false,
  crcs = false,
) {
  const text = (value: string) => encode(value);
  const children = [
    element('d7', new Uint8Array([1])),
    element('83', new Uint8Array([0x11])),
    element('86', text(codec)),
    element('63a2', text(header)),
    ...(compressed
      ? [
          element(
            '6d80',
            element(
              '6240',
              element('5034', element('4254', new Uint8Array([0]))),
            ),
          ),
        ]
      : []),
  ];
  const entry = element(
    'ae',
    ...(crcs ? [crcOf(...children)] : []),
    ...children,
  );
  const tracks = element('1654ae6b', ...(crcs ? [crcOf(entry)] : []), entry);
  const bytes = [ebmlHeader(), element('18538067', tracks)];
  return new Uint8Array(Buffer.concat(bytes));
}

const HEADER =
  '[Script Info]\nTitle: CanaryLegacyTitleQx7\nScriptType: v4.00+\n\n[V4+ Styles]\nStyle: A\n';

describe('an ASS header in a hand-made Matroska file', () => {
  it('is blanked under the legacy CodecID S_ASS', async () => {
    const input = assTrackFile('S_ASS', HEADER);
    const result = await cleanPlan(blobOf(input));
    const output = new Uint8Array(
      await (await planToBlob(blobOf(input), result.plan)).arrayBuffer(),
    );
    expect(output.length).toBe(input.length);
    expectNoLeaks(input, output, ['CanaryLegacyTitleQx7']);
    expect(contains(output, 'ScriptType: v4.00+')).toBe(true);
    expect(contains(output, 'Style: A')).toBe(true);
  });

  it('recomputes the CRC-32 of its TrackEntry and of the Tracks', async () => {
    const input = assTrackFile('S_TEXT/ASS', HEADER, false, true);
    const tracksAt = ebmlHeader().length + 4 + 8;
    const entryAt = tracksAt + 4 + 8 + 13;
    expect(crcHolds(input, tracksAt, 4)).toBe(true);
    expect(crcHolds(input, entryAt, 1)).toBe(true);
    const result = await cleanPlan(blobOf(input));
    const output = new Uint8Array(
      await (await planToBlob(blobOf(input), result.plan)).arrayBuffer(),
    );
    expect(contains(output, 'CanaryLegacyTitleQx7')).toBe(false);
    expect(crcHolds(output, tracksAt, 4)).toBe(true);
    expect(crcHolds(output, entryAt, 1)).toBe(true);
  });

  it('is refused when the track is compressed (legacy S_SSA too)', async () => {
    const input = assTrackFile('S_SSA', HEADER, true);
    await expect(cleanPlan(blobOf(input))).rejects.toMatchObject({
      code: 'unsupported',
    });
  });
});
