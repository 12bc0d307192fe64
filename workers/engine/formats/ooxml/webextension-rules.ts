/**
 * An Office Add-in kept with its document ([MS-OWEXML] 2.2.7 CT_OsfWebExtension): its reference
 * (the add-in's id, the store or catalog it comes from, its version) and the task pane that shows
 * it are what makes the add-in open with the document, so they stay, listed for review: the
 * add-in is code that runs when the document opens.
 *
 * Its custom properties (2.2.2, `we:property`) are the add-in's own settings for this document,
 * JSON only the add-in reads (`Office.context.document.settings`). Reference managers, reporting
 * and translation add-ins keep there the account, library, workspace or server the author works
 * with. Nothing in the format says which ones hold a person, so every property goes, reported with
 * its value, and the add-in opens the copy as it opens a document it has not seen. One is
 * Office's own and stays: `Office.AutoShowTaskpaneWithDocument`, true or false, which opens the
 * task pane with the document.
 */
import { finding, type Finding } from '../../findings';
import {
  attribute,
  decodeEntities,
  type XmlEdits,
  type XmlElement,
} from '../../shared/xml';
import type { XmlPass } from '../../shared/zip';

const AUTO_SHOW = 'Office.AutoShowTaskpaneWithDocument';
const BOOLEAN = /^\s*(true|false)\s*$/;
/** Enough of a property's name to tell it in the report (a hostile one may be megabytes). */
const MAX_NAME_CHARS = 80;

const valueOf = (el: XmlElement, name: string): string =>
  decodeEntities(attribute(el, name)?.raw ?? '');

/** True for the one property Office defines, holding only its flag. */
const officeFlag = (name: string, value: string): boolean =>
  name === AUTO_SHOW && BOOLEAN.test(value);

export function webExtensionRules(name: string, edits: XmlEdits): XmlPass {
  const findings: Finding[] = [];
  return {
    open(el) {
      if (el.name !== 'we:reference' || el.parent?.name !== 'we:webextension')
        return;
      const store = [valueOf(el, 'storeType'), valueOf(el, 'store')]
        .filter(Boolean)
        .join(' ');
      findings.push(
        finding(
          'document.content',
          'we:reference',
          name,
          `${valueOf(el, 'id')} ${valueOf(el, 'version')} (${store})`,
          'review',
        ),
      );
    },
    close(el) {
      if (el.name !== 'we:property') return;
      const property = valueOf(el, 'name');
      const value = valueOf(el, 'value');
      if (officeFlag(property, value)) return;
      edits.remove(el.start, el.end);
      findings.push(
        finding(
          'other.private',
          `we:property ${property.slice(0, MAX_NAME_CHARS)}`,
          name,
          value,
        ),
      );
    },
    done: () => findings,
  };
}
