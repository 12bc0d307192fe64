/** The ASS/SSA header cleaner alone: which lines it blanks, and that nothing moves. */
import { describe, expect, it } from 'vitest';
import { cleanAssHeader } from '../../../workers/engine/formats/matroska/ass-header';

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
      ['script info', 'Synch Point', 'software.detail'],
      ['script info', 'line', 'document.unknown-key'],
      ['script info', 'comment', 'content.comment'],
      ['v4 styles', 'comment', 'content.comment'],
      ['some tool data', 'Anything', 'software.detail'],
    ]);
  });

  it('blanks nothing in a header with only renderer keys and styles', () => {
    const text =
      '[Script Info]\nScriptType: v4.00+\n\n[V4+ Styles]\nStyle: A\n';
    const { bytes, blanked } = cleanAssHeader(encode(text));
    expect(blanked).toEqual([]);
    expect(decode(bytes)).toBe(text);
  });
});
