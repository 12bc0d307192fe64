/**
 * An Office Add-in kept with its document ([MS-OWEXML] 2.2.7 CT_OsfWebExtension): its reference
 * (the add-in's id, the store or catalog it comes from, its version) and the task pane that shows
 * it are what makes the add-in open with the document, so they stay, listed for review: the
 * add-in is code that runs when the document opens. A catalog on a shared folder keeps only its
 * last folder's name.
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
  holdsLocalPath,
  withoutFolders,
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

/**
 * The catalog a reference names (2.2.5 `store`): a store's market (`en-US`), a SharePoint
 * catalog's address, or a shared folder's path (`\\server\share\catalog`, storeType
 * FileSystem), which names the organisation's server and keeps only its last folder, as a link
 * to a file does. Gives the store as the copy keeps it.
 */
function storeKept(
  el: XmlElement,
  name: string,
  edits: XmlEdits,
  findings: Finding[],
): string {
  const store = attribute(el, 'store');
  if (!store) return '';
  const value = decodeEntities(store.raw);
  if (!holdsLocalPath(store.raw)) return value;
  const cut = withoutFolders(store.raw);
  edits.replace(store.valueStart, store.valueEnd, cut);
  findings.push(
    finding('identifier.file-name', `${el.name} ${store.name}`, name, value),
  );
  return decodeEntities(cut);
}

export function webExtensionRules(name: string, edits: XmlEdits): XmlPass {
  const findings: Finding[] = [];
  return {
    open(el) {
      if (el.name !== 'we:reference') return;
      const kept = storeKept(el, name, edits, findings);
      if (el.parent?.name !== 'we:webextension') return;
      const store = [valueOf(el, 'storeType'), kept].filter(Boolean).join(' ');
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
