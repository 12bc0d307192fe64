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
});
