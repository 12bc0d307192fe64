/**
 * The EPUB 2 table of contents (NCX): `dtb:uid` must equal the package's identifier, so it takes
 * the fresh one; the author (`docAuthor`) and the generator go.
 */
import { finding, type Finding } from '../../findings';
import {
  attribute,
  decodeEntities,
  escapeXml,
  walkXml,
  XmlEdits,
} from '../../shared/xml';
import { isMinted } from './identifier';
import { EPUB_NAMESPACES } from './namespaces';

export function rewriteNcx(
  name: string,
  xml: string,
  freshId: string | null,
): { edits: XmlEdits; findings: Finding[] } {
  const edits = new XmlEdits();
  const findings: Finding[] = [];
  walkXml(
    xml,
    {
      close(el) {
        if (el.name === 'docAuthor') {
          edits.remove(el.start, el.end);
          findings.push(
            finding(
              'author.name',
              'docAuthor',
              name,
              decodeEntities(el.text.trim()) || undefined,
            ),
          );
          return;
        }
        if (el.name !== 'meta') return;
        const metaName = attribute(el, 'name')?.raw ?? '';
        const content = attribute(el, 'content');
        if (metaName === 'dtb:uid' && content) {
          const value = decodeEntities(content.raw);
          if (isMinted(value)) return;
          if (freshId)
            edits.replace(
              content.valueStart,
              content.valueEnd,
              escapeXml(freshId),
            );
          else edits.remove(el.start, el.end);
          findings.push(finding('identifier.unique', metaName, name, value));
        } else if (
          !/^dtb:(depth|totalPageCount|maxPageNumber)$/.test(metaName)
        ) {
          edits.remove(el.start, el.end);
          findings.push(
            finding(
              metaName.includes('generator')
                ? 'software.creator'
                : 'other.data',
              metaName || 'meta',
              name,
              decodeEntities(content?.raw ?? ''),
            ),
          );
        }
      },
    },
    EPUB_NAMESPACES,
  );
  return { edits, findings };
}
