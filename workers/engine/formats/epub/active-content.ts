/**
 * A book's scripts (EPUB 3.3, 6.1.4 scripting: `<script>` in a content document, JavaScript
 * members, event handler attributes) are part of what the book does, not metadata about its
 * author: they stay, as an SVG's and an Office document's macros do, and the report lists each
 * with its start, so the visitor reads what it says (a comment naming its writer) before sharing.
 */
import { finding, type Finding } from '../../findings';
import { decodeEntities, localName } from '../../shared/xml';
import type { XmlPass } from '../../shared/zip';

/** HTML and SVG event handler content attributes all start with `on`. */
const EVENT_HANDLER = /^on[a-z]+$/i;
/** Enough of a script to see what it is and what its first comment says. */
const SHOWN_CHARS = 200;

const JAVASCRIPT_TYPE = /^(text|application)\/(javascript|ecmascript)$/i;

export const isScript = (type: string): boolean => JAVASCRIPT_TYPE.test(type);

/** A JavaScript member of the book: kept, listed for review. */
export const scriptMember = (name: string): Finding =>
  finding('document.content', 'script', name, name, 'review');

/** A content document's scripts and event handlers, each listed for review. */
export function activeContent(name: string): XmlPass {
  const findings: Finding[] = [];
  return {
    open(el) {
      for (const a of el.attributes)
        if (EVENT_HANDLER.test(a.name))
          findings.push(
            finding(
              'document.content',
              a.name,
              name,
              decodeEntities(a.raw).slice(0, SHOWN_CHARS),
              'review',
            ),
          );
    },
    close(el) {
      if (localName(el.name).toLowerCase() !== 'script') return;
      const src = el.attributes.find((a) => a.name === 'src');
      const said = decodeEntities(el.text).trim().slice(0, SHOWN_CHARS);
      findings.push(
        finding(
          'document.content',
          '<script>',
          name,
          said || (src ? decodeEntities(src.raw) : undefined),
          'review',
        ),
      );
    },
    done: () => findings,
  };
}
