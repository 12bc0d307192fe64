import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { XmlEdits } from '../../../workers/engine/shared/xml';

const encoder = new TextEncoder();
const text = '<a x="1" y="2"><b>old</b><!-- c --></a>';

function edits(): XmlEdits {
  const e = new XmlEdits();
  e.remove(8, 14); // ` y="2"`
  e.replace(18, 21, 'né'); // `old`, with a letter of two bytes in UTF-8
  e.remove(15, 25); // `<b>old</b>`, holding the edit above
  e.remove(25, 35); // the comment
  e.replace(2, 2, ' z="3"'); // an insertion
  return e;
}

describe('XmlEdits', () => {
  it('applies edits in order of position, an edit inside another dropped', () => {
    expect(edits().apply(text)).toBe('<a z="3" x="1"></a>');
  });

  it('gives the same bytes applied to the bytes of an ASCII text as to the text', () => {
    const e = edits();
    const bytes = e.applyBytes(encoder.encode(text), (t) => encoder.encode(t));
    expect(bytes).toEqual(encoder.encode(e.apply(text)));
  });

  it('encodes new text with the codec it is given', () => {
    const e = new XmlEdits();
    e.replace(18, 21, 'né');
    const bytes = e.applyBytes(encoder.encode(text), (t) => encoder.encode(t));
    expect(new TextDecoder().decode(bytes)).toBe(
      '<a x="1" y="2"><b>né</b><!-- c --></a>',
    );
  });

  it('writes over bytes it may spend when no edit makes the text longer, and only then', () => {
    const shrinks = new XmlEdits();
    shrinks.remove(8, 14);
    shrinks.replace(18, 21, 'ab');
    const source = encoder.encode(text);
    const out = shrinks.applyBytes(source, (t) => encoder.encode(t), true);
    expect(new TextDecoder().decode(out)).toBe(
      '<a x="1"><b>ab</b><!-- c --></a>',
    );
    expect(out.buffer).toBe(source.buffer);
    const grows = new XmlEdits();
    grows.replace(2, 2, ' z="3"');
    grows.remove(8, 14);
    const kept = encoder.encode(text);
    const longer = grows.applyBytes(kept, (t) => encoder.encode(t), true);
    expect(new TextDecoder().decode(longer)).toBe(
      '<a z="3" x="1"><b>old</b><!-- c --></a>',
    );
    expect(kept).toEqual(encoder.encode(text));
  });

  it('gives what sorting every edit by position gives, in order or not, on text and bytes', () => {
    const ascii = fc.string({
      unit: fc.constantFrom('<', 'a', ' ', '"', '>'),
      maxLength: 400,
    });
    fc.assert(
      fc.property(
        ascii,
        fc.array(
          fc.record({
            from: fc.nat(),
            length: fc.nat({ max: 120 }),
            text: fc.constantFrom('', 'x', 'né', ' y="2"'),
          }),
          { maxLength: 40 },
        ),
        fc.boolean(),
        (source, list, ordered) => {
          const spans = list.map(({ from, length, text: t }) => {
            const start = source.length ? from % source.length : 0;
            return {
              start,
              end: Math.min(source.length, start + length),
              text: t,
            };
          });
          if (ordered) spans.sort((a, b) => a.start - b.start || b.end - a.end);
          const e = new XmlEdits();
          for (const s of spans)
            if (s.text) e.replace(s.start, s.end, s.text);
            else e.remove(s.start, s.end);
          const expected = reference(source, spans);
          expect(e.apply(source)).toBe(expected);
          expect(
            e.applyBytes(encoder.encode(source), (t) => encoder.encode(t)),
          ).toEqual(encoder.encode(expected));
          const spent = encoder.encode(source);
          expect(e.applyBytes(spent, (t) => encoder.encode(t), true)).toEqual(
            encoder.encode(expected),
          );
        },
      ),
    );
  });
});

/** Edits applied the plain way: all sorted by position, each inside one before it dropped. */
function reference(
  source: string,
  spans: readonly { start: number; end: number; text: string }[],
): string {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let at = 0;
  for (const s of sorted) {
    if (s.start < at) continue;
    out += source.slice(at, s.start) + s.text;
    at = s.end;
  }
  return out + source.slice(at);
}
