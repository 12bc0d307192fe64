/**
 * In-content metadata (OpenDocument 1.3 part 3, 19.905-19.908: RDFa's `xhtml:about`,
 * `xhtml:property`, `xhtml:content` and `xhtml:datatype` on paragraphs, headings, spans and
 * `text:meta`): statements about the text (`dc:creator` of this paragraph is ...) that no reader
 * shows. They go, as the meta part's statements do; the text they are about stays, and so does
 * its `xml:id`, which links and bookmarks may point at.
 */
import { finding, type Finding } from '../../findings';
import { attribute, decodeEntities, type XmlEdits } from '../../shared/xml';
import type { XmlPass } from '../../shared/zip';

const RDFA = new Set([
  'xhtml:about',
  'xhtml:property',
  'xhtml:content',
  'xhtml:datatype',
]);

export function rdfaRules(name: string, edits: XmlEdits): XmlPass {
  const findings: Finding[] = [];
  return {
    open(el) {
      const statement = el.attributes.filter((a) => RDFA.has(a.name));
      if (!statement.length) return;
      for (const a of statement) edits.remove(a.start, a.end);
      const said = (n: string) => decodeEntities(attribute(el, n)?.raw ?? '');
      const property = said('xhtml:property');
      findings.push(
        finding(
          /creator|author|contributor/i.test(property)
            ? 'author.person'
            : 'other.data',
          property ? `RDFa ${property}` : 'RDFa',
          name,
          said('xhtml:content') || said('xhtml:about') || undefined,
        ),
      );
    },
    done: () => findings,
  };
}
