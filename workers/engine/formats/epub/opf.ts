/**
 * The package document (EPUB 3.3, section 5): of its metadata only the title, the language, the
 * unique identifier (replaced by a fresh random one), the required modification date (a fixed
 * one), the cover pointer and a title's kind, order and sorting form are kept. Creators,
 * contributors, publishers, dates, rights, descriptions, subjects, tools' own meta and links go.
 */
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';
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
/**
 * What a kept title's refinements may say of it (EPUB 3.3, D.3 meta properties): its kind, its
 * place among the titles and its sorting form. Any other meta that refines a title (a creator,
 * a role, a tool's own property) says something of a person or a tool, and goes.
 */
const TITLE_PROPERTIES = new Set(['title-type', 'display-seq', 'file-as']);
/** Dublin Core elements by what they say (EPUB 3.3, 5.5.3); the rest are `other.data`. */
const FIELD: Record<string, FieldId> = {
  creator: 'author.name',
  contributor: 'author.person',
  publisher: 'author.organization',
  rights: 'author.copyright',
  date: 'time.date',
  identifier: 'identifier.unique',
  description: 'content.description',
  subject: 'content.keywords',
};

export interface OpfResult {
  readonly edits: XmlEdits;
  readonly findings: Finding[];
  /** Whether the book's unique identifier is being replaced (toc.ncx must follow). */
  readonly identifierReplaced: boolean;
  /** The unique identifier as the book gives it (its obfuscated fonts are keyed to it), or ''. */
  readonly identifier: string;
}

/**
 * An element's text for the report: empty when it holds nothing (the report says "empty"), none
 * when its words are in child elements this walk does not gather.
 */
function shownText(el: XmlElement, text: string): string | undefined {
  return text || el.children === 0 ? text : undefined;
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
  let identifier = '';
  const keptIds = new Set<string>();
  const drop = (
    el: XmlElement,
    field: FieldId,
    label: string,
    value: string,
  ) => {
    edits.remove(el.start, el.end);
    findings.push(finding(field, label, name, shownText(el, value)));
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
          identifier = value;
          if (isMinted(value)) return;
          identifierReplaced = true;
          edits.replace(
            el.start,
            el.end,
            `<${el.raw} id="${escapeXml(id)}">${freshId}</${el.raw}>`,
          );
          findings.push(
            finding('identifier.unique', el.name, name, shownText(el, value)),
          );
          return;
        }
        if (local === 'meta') {
          const property = attribute(el, 'property')?.raw;
          const metaName = attribute(el, 'name')?.raw;
          if (property === 'dcterms:modified') {
            if (value === FIXED_MODIFIED) return;
            edits.replace(el.openEnd, el.closeStart, FIXED_MODIFIED);
            findings.push(finding('time.modified', property, name, value));
            return;
          }
          if (metaName === 'cover') return;
          const refines = attribute(el, 'refines')?.raw.replace(/^#/, '');
          if (
            refines &&
            keptIds.has(`title:${refines}`) &&
            TITLE_PROPERTIES.has(property ?? '')
          )
            return;
          const label = property ?? metaName ?? 'meta';
          const content = decodeEntities(
            attribute(el, 'content')?.raw ?? value,
          );
          drop(
            el,
            label.includes('date') || label.includes('modified')
              ? 'time.date'
              : label.startsWith('calibre')
                ? 'software.detail'
                : 'other.data',
            label,
            content,
          );
          return;
        }
        drop(el, FIELD[local] ?? 'other.data', el.name, value);
      },
    },
    EPUB_NAMESPACES,
  );
  return { edits, findings, identifierReplaced, identifier };
}
