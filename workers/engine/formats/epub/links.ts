/**
 * A content document's links and sources that point at a place on the author's disk or a server
 * share (`<a href="file:///home/alice/notes.txt">`, `<img src="C:\Users\alice\pic.png">`) keep
 * only their file name, as an Office, OpenDocument or PDF link does: the folders name the author
 * and open nowhere else. Attributes that hold a URL are judged (HTML Living Standard,
 * attributes index; a list of them, each URL on its own: `url-list.ts`), and two kinds that hold
 * one by use rather than by definition: a plugin's `<param value>` (an `<object>`'s movie, source
 * or file) and custom data attributes (`data-*`, 3.2.6.6), where lazy loading keeps a picture's
 * true source (`data-src`, `data-srcset`, `data-original`). Both are free text to HTML, so a local
 * path anywhere in them is cut, not only at their start. Alternative text and other words a
 * reader sees stay as they are.
 */
import { finding, type Finding } from '../../findings';
import {
  decodeEntities,
  escapeXml,
  holdsLocalPath,
  linksToLocalPlace,
  withoutFolders,
  type XmlAttribute,
  type XmlEdits,
  type XmlElement,
} from '../../shared/xml';
import type { XmlPass } from '../../shared/zip';
import { isUrlList, withoutLocalUrls } from './url-list';

const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'xlink:href',
  'poster',
  'data',
  'cite',
  'action',
  'formaction',
  'longdesc',
  'background',
  'manifest',
  'itemid',
  'xml:base',
]);

/** A custom data attribute (HTML Living Standard 3.2.6.6): `data-` then at least one character. */
const DATA_ATTRIBUTE = /^data-./;

/** True for an attribute that holds free text an author puts a URL or a path in. */
const holdsPathByUse = (el: XmlElement, a: XmlAttribute): boolean =>
  DATA_ATTRIBUTE.test(a.name) || (el.name === 'param' && a.name === 'value');

/** True when the attribute (its value decoded in `target`) keeps a place on a local disk. */
const keepsLocalPlace = (
  el: XmlElement,
  a: XmlAttribute,
  target: string,
): boolean =>
  holdsPathByUse(el, a)
    ? holdsLocalPath(a.raw)
    : URL_ATTRIBUTES.has(a.name) && linksToLocalPlace(target);

/** A data attribute named as a srcset (`data-srcset`) is read as one, each URL on its own. */
const listOf = (attribute: string): string =>
  DATA_ATTRIBUTE.test(attribute) && isUrlList(attribute.slice(5))
    ? attribute.slice(5)
    : attribute;

export function localLinks(name: string, edits: XmlEdits): XmlPass {
  const findings: Finding[] = [];
  return {
    open(el) {
      for (const a of el.attributes) {
        const list = listOf(a.name);
        if (isUrlList(list)) {
          const cut = withoutLocalUrls(list, decodeEntities(a.raw));
          if (!cut) continue;
          edits.replace(
            a.valueStart,
            a.valueEnd,
            escapeXml(cut.text).replace(/'/g, '&apos;'),
          );
          for (const url of cut.local)
            findings.push(
              finding(
                'identifier.file-name',
                `${el.name} ${a.name}`,
                name,
                url,
              ),
            );
          continue;
        }
        const target = decodeEntities(a.raw);
        if (!keepsLocalPlace(el, a, target)) continue;
        edits.replace(a.valueStart, a.valueEnd, withoutFolders(a.raw));
        findings.push(
          finding('identifier.file-name', `${el.name} ${a.name}`, name, target),
        );
      }
    },
    done: () => findings,
  };
}
