/**
 * A content document's links and sources that point at a place on the author's disk or a server
 * share (`<a href="file:///home/alice/notes.txt">`, `<img src="C:\Users\alice\pic.png">`) keep
 * only their file name, as an Office, OpenDocument or PDF link does: the folders name the author
 * and open nowhere else. Only attributes that hold a URL are judged (HTML Living Standard,
 * attributes index; a list of them, each URL on its own: `url-list.ts`); alternative text and
 * other words a reader sees stay as they are.
 */
import { finding, type Finding } from '../../findings';
import {
  decodeEntities,
  escapeXml,
  linksToLocalPlace,
  withoutFolders,
  type XmlEdits,
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

export function localLinks(name: string, edits: XmlEdits): XmlPass {
  const findings: Finding[] = [];
  return {
    open(el) {
      for (const a of el.attributes) {
        if (isUrlList(a.name)) {
          const cut = withoutLocalUrls(a.name, decodeEntities(a.raw));
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
        if (!URL_ATTRIBUTES.has(a.name)) continue;
        const target = decodeEntities(a.raw);
        if (!linksToLocalPlace(target)) continue;
        edits.replace(a.valueStart, a.valueEnd, withoutFolders(a.raw));
        findings.push(
          finding('identifier.file-name', `${el.name} ${a.name}`, name, target),
        );
      }
    },
    done: () => findings,
  };
}
