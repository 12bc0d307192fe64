/**
 * A sheet's note frames in a VML part that also draws other shapes (buttons, pictures): each
 * frame is a shape whose `x:ClientData` says `ObjectType="Note"` ([MS-OI29500] 2.1.1744, ECMA-376
 * Part 4, 14.5 ClientData), and its text box holds a copy of the comment's words. The comments
 * go, and so do their frames, with that copy; the other shapes stay. A part drawing only note
 * frames goes whole (policy.ts).
 */
import { finding, type Finding } from '../../findings';
import {
  attribute,
  decodeEntities,
  type XmlEdits,
  type XmlElement,
} from '../../shared/xml';
import type { XmlPass } from '../../shared/zip';

const CLIENT_DATA = 'x:ClientData';
const TEXT_BOX = 'v:textbox';
const NOTE = 'Note';
/** A comment's words shown in the report: the start of them, enough to recognise them. */
const MAX_SHOWN_CHARS = 200;

export function noteFrameRules(name: string, edits: XmlEdits): XmlPass {
  const frames = new Set<XmlElement>();
  const words = new Map<XmlElement, string>();
  let removed = 0;
  let shown = '';
  return {
    open(el) {
      if (el.name !== CLIENT_DATA || !el.parent) return;
      const type = decodeEntities(attribute(el, 'ObjectType')?.raw ?? '');
      if (type.trim() === NOTE) frames.add(el.parent);
    },
    close(el) {
      const shape = textBoxShape(el);
      const text = decodeEntities(el.text).trim();
      if (shape && text) {
        const before = words.get(shape);
        words.set(shape, before ? `${before} ${text}` : text);
      }
      if (!frames.has(el)) return;
      edits.remove(el.start, el.end);
      removed++;
      const said = words.get(el);
      if (said && shown.length < MAX_SHOWN_CHARS)
        shown += `${shown ? ' | ' : ''}${said}`;
    },
    done(): Finding[] {
      return removed
        ? [
            finding(
              'content.comment',
              'note frames',
              name,
              shown.slice(0, MAX_SHOWN_CHARS) || String(removed),
            ),
          ]
        : [];
    },
  };
}

/** The shape whose text box holds `el` (or is `el`), if any: its words are the box's. */
function textBoxShape(el: XmlElement): XmlElement | null {
  for (let p: XmlElement | null = el; p; p = p.parent)
    if (p.name === TEXT_BOX) return p.parent;
  return null;
}
