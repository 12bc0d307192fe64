/** Paths and relationships of an Open Packaging Conventions package (ECMA-376 Part 2). */
import { attribute, decodeEntities, walkXml } from '../../shared/xml';

export const CONTENT_TYPES = '[Content_Types].xml';

/** The source part a relationships part describes: `word/_rels/document.xml.rels` -> `word/document.xml`. */
export function relsSource(relsName: string): string | null {
  const m = /^(.*?)_rels\/([^/]*)\.rels$/.exec(relsName);
  return m ? `${m[1]}${m[2]}` : null;
}

export function relsOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** Resolves a relationship's internal target against its source part's folder. */
export function resolveTarget(source: string, target: string): string {
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // a target with a stray % is used as written
  }
  const base = decoded.startsWith('/') ? [] : source.split('/').slice(0, -1);
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') base.pop();
    else base.push(segment);
  }
  return base.join('/');
}

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
  walkXml(xml, {
    close(el) {
      if (el.name !== 'Relationship') return;
      const target = attribute(el, 'Target');
      list.push({
        id: attribute(el, 'Id')?.raw ?? '',
        type: attribute(el, 'Type')?.raw ?? '',
        target: decodeEntities(target?.raw ?? ''),
        external: attribute(el, 'TargetMode')?.raw === 'External',
        start: el.start,
        end: el.end,
        targetStart: target?.valueStart ?? el.start,
        targetEnd: target?.valueEnd ?? el.start,
      });
    },
  });
  return list;
}

/** The last segment of a relationship type URI (`.../relationships/comments` -> `comments`). */
export const relType = (type: string): string =>
  type.slice(type.lastIndexOf('/') + 1);
