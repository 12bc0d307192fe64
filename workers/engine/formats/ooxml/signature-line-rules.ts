/**
 * A VML signature line (ECMA-376 Part 4, 14.2.2.30 `o:signatureline`): the box Word and Excel
 * draw for someone to sign in. The suggested signer's name and title are drawn under the line,
 * so they are content and stay, listed for review; the e-mail address is shown only in the
 * signing dialog, nowhere on the page, and goes.
 */
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';
import { decodeEntities, localName, type XmlEdits } from '../../shared/xml';
import type { XmlPass } from '../../shared/zip';

/** The suggested signer's attributes, by local name (Office writes them with `o:`). */
const SHOWN: Readonly<Record<string, FieldId>> = {
  suggestedsigner: 'author.person',
  suggestedsigner2: 'author.job-title',
};
const HIDDEN_EMAIL = 'suggestedsigneremail';

export function signatureLineRules(name: string, edits: XmlEdits): XmlPass {
  const findings: Finding[] = [];
  return {
    open(el) {
      if (el.name !== 'o:signatureline') return;
      for (const a of el.attributes) {
        const local = localName(a.name);
        const value = decodeEntities(a.raw);
        if (local === HIDDEN_EMAIL) {
          edits.remove(a.start, a.end);
          if (value.trim())
            findings.push(
              finding(
                'author.contact',
                `o:signatureline ${a.name}`,
                name,
                value,
              ),
            );
        } else {
          const shown = SHOWN[local];
          if (shown && value.trim())
            findings.push(
              finding(
                shown,
                `o:signatureline ${a.name}`,
                name,
                value,
                'review',
              ),
            );
        }
      }
    },
    done: () => findings,
  };
}
