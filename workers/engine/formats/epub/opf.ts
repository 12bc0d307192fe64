/**
 * The package document (EPUB 3.3, section 5): of its metadata only the title, the language, the
 * unique identifier (replaced by a fresh random one), the required modification date (a fixed
 * one), the cover pointer and what refines the title are kept. Creators, contributors,
 * publishers, dates, rights, descriptions, subjects, tools' own meta and links go.
 */
import { finding, type Finding, type FindingCategory } from '../../findings';
import {
  attribute,
  decodeEntities,
  escapeXml,
  localName,
  walkXml,
  XmlEdits,
  type XmlElement,
} from '../../shared/xml';
import { FIXED_MODIFIED, isMinted } from './identifier';
import { EPUB_NAMESPACES } from './namespaces';

const KEPT_DC = new Set(['title', 'language']);
const CATEGORY: Record<string, FindingCategory> = {
  creator: 'author',
  contributor: 'author',
  publisher: 'author',
  rights: 'author',
  date: 'time',
  identifier: 'identifier',
};

export interface OpfResult {
  readonly edits: XmlEdits;
  readonly findings: Finding[];
  /** Whether the book's unique identifier is being replaced (toc.ncx must follow). */
  readonly identifierReplaced: boolean;
}

export function rewriteOpf(
  name: string,
  xml: string,
  freshId: string,
  removedHrefs: ReadonlySet<string>,
): OpfResult {
  const edits = new XmlEdits();
  const findings: Finding[] = [];
  let uniqueId = '';
  let identifierReplaced = false;
  const keptIds = new Set<string>();
  const drop = (
    el: XmlElement,
    category: FindingCategory,
    label: string,
    value: string,
  ) => {
    edits.remove(el.start, el.end);
    findings.push(finding(category, label, name, value || undefined));
  };
  walkXml(
    xml,
    {
      open(el) {
        if (localName(el.name) === 'package')
          uniqueId = attribute(el, 'unique-identifier')?.raw ?? '';
      },
      close(el) {
        if (
          localName(el.name) === 'item' &&
          removedHrefs.has(decodeEntities(attribute(el, 'href')?.raw ?? ''))
        ) {
          edits.remove(el.start, el.end);
          return;
        }
        if (!el.parent || localName(el.parent.name) !== 'metadata') return;
        const local = localName(el.name);
        const value = decodeEntities(el.text).trim();
        const id = attribute(el, 'id')?.raw ?? '';
        const isDc = el.name.startsWith('dc:');
        if (isDc && KEPT_DC.has(local)) {
          if (id) keptIds.add(id);
          if (local === 'title') keptIds.add(`title:${id}`);
          return;
        }
        if (isDc && local === 'identifier' && id && id === uniqueId) {
          if (isMinted(value)) return;
          identifierReplaced = true;
          edits.replace(
            el.start,
            el.end,
            `<${el.raw} id="${escapeXml(id)}">${freshId}</${el.raw}>`,
          );
          findings.push(
            finding('identifier', el.name, name, value || undefined),
          );
          return;
        }
        if (local === 'meta') {
          const property = attribute(el, 'property')?.raw;
          const metaName = attribute(el, 'name')?.raw;
          if (property === 'dcterms:modified') {
            if (value === FIXED_MODIFIED) return;
            edits.replace(el.openEnd, el.closeStart, FIXED_MODIFIED);
            findings.push(finding('time', property, name, value));
            return;
          }
          if (metaName === 'cover') return;
          const refines = attribute(el, 'refines')?.raw.replace(/^#/, '');
          if (
            refines &&
            keptIds.has(`title:${refines}`) &&
            property !== 'alternate-script'
          )
            return;
          const label = property ?? metaName ?? 'meta';
          const content = decodeEntities(
            attribute(el, 'content')?.raw ?? value,
          );
          drop(
            el,
            label.includes('date') || label.includes('modified')
              ? 'time'
              : label.startsWith('calibre')
                ? 'software'
                : 'other',
            label,
            content,
          );
          return;
        }
        drop(el, CATEGORY[local] ?? 'other', el.name, value);
      },
    },
    EPUB_NAMESPACES,
  );
  return { edits, findings, identifierReplaced };
}
