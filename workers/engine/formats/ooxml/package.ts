/** Paths and relationships of an Open Packaging Conventions package (ECMA-376 Part 2). */
import { attribute, decodeEntities, walkXml } from '../../shared/xml';
import { OOXML_NAMESPACES } from './namespaces';

export const CONTENT_TYPES = '[Content_Types].xml';

export interface Relationship {
  readonly id: string;
  readonly type: string;
  readonly target: string;
  readonly external: boolean;
  readonly start: number;
  readonly end: number;
  readonly targetStart: number;
  readonly targetEnd: number;
}

export function parseRelationships(xml: string): Relationship[] {
  const list: Relationship[] = [];
  walkXml(
    xml,
    {
      close(el) {
        if (el.name !== 'Relationship') return;
        const target = attribute(el, 'Target');
        // Every value as an XML reader sees it: a type or mode written with character
        // references (`c&#111;mments`) means what Office reads, not what its bytes spell.
        const value = (name: string) =>
          decodeEntities(attribute(el, name)?.raw ?? '');
        list.push({
          id: value('Id'),
          type: value('Type'),
          target: value('Target'),
          external: value('TargetMode') === 'External',
          start: el.start,
          end: el.end,
          targetStart: target?.valueStart ?? el.start,
          targetEnd: target?.valueEnd ?? el.start,
        });
      },
    },
    OOXML_NAMESPACES,
  );
  return list;
}

/** The last segment of a relationship type URI (`.../relationships/comments` -> `comments`). */
export const relType = (type: string): string =>
  type.slice(type.lastIndexOf('/') + 1);
