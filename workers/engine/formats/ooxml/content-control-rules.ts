/**
 * Word's content controls (ECMA-376 Part 1, 17.5.2 `w:sdt`). A control's data binding
 * (17.5.2.6 `w:dataBinding`, and Word 2013's `w15:dataBinding`) names a custom XML part by its
 * store item id and an XPath into it; custom XML parts always go (removed-parts.ts), so the
 * binding points at nothing and goes too: its XPath and id name the template's data, often its
 * author's. The control keeps the text it shows. Its title (17.5.2.1 `w:alias`, shown on the
 * control's frame) and tag (17.5.2.42 `w:tag`, read by add-ins) are what the template's maker
 * named it: they stay, the title as content and the tag as what automation finds it by, and are
 * listed for review.
 */
import { finding, type Finding } from '../../findings';
import { attribute, decodeEntities, type XmlEdits } from '../../shared/xml';
import type { XmlPass } from '../../shared/zip';

const BINDINGS = new Set(['w:dataBinding', 'w15:dataBinding']);
const NAMES: Readonly<Record<string, string>> = {
  'w:alias': 'content control title',
  'w:tag': 'content control tag',
};

export function contentControlRules(name: string, edits: XmlEdits): XmlPass {
  const findings: Finding[] = [];
  let bindings = 0;
  return {
    close(el) {
      if (el.parent?.name !== 'w:sdtPr') return;
      if (BINDINGS.has(el.name)) {
        edits.remove(el.start, el.end);
        bindings++;
        return;
      }
      const label = NAMES[el.name];
      const value = label && attribute(el, 'w:val')?.raw;
      if (label && value?.trim())
        findings.push(
          finding(
            'document.content',
            label,
            name,
            decodeEntities(value),
            'review',
          ),
        );
    },
    done: () =>
      bindings
        ? [
            ...findings,
            finding(
              'identifier.detail',
              'content control data binding',
              name,
              String(bindings),
            ),
          ]
        : findings,
  };
}
