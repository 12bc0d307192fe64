/** Rewrites a relationships part: relationships to removed parts go, user paths in links are cut. */
import { finding, type Finding } from '../../findings';
import {
  escapeXml,
  holdsLocalPath,
  linksToLocalPlace,
  XmlEdits,
} from '../../shared/xml';
import { relType, type Relationship } from './package';
import { REMOVED_RELATIONSHIP_TYPES } from './removed-parts';
import { isSettingsPart } from './settings-rules';

/** Folders that name the person whose disk a linked file was on. */
const USER_PATH =
  /(?:^|[/\\])(?:Users|home|Documents and Settings)[/\\][^/\\]+[/\\]/i;

/**
 * A link's target on a disk or a server share: its folders name the author, their organisation
 * or their client, and open nowhere else, so only the file name stays, as in an OpenDocument or
 * PDF link.
 */
const namesLocalPlace = (target: string): boolean =>
  linksToLocalPlace(target) || USER_PATH.test(target);

const LINK_TYPES = new Set(['hyperlink']);

export interface RelsResult {
  readonly edits: XmlEdits;
  readonly removedIds: Set<string>;
  readonly findings: Finding[];
}

export function rewriteRelationships(
  name: string,
  source: string,
  list: readonly Relationship[],
  /** True when the internal target is a part that is not written. */
  removedTarget: (target: string) => boolean,
  /**
   * True when the internal target is a part that is written: a relationship of a removed type
   * stays only then (ink, which Office reaches with the custom XML type).
   */
  writtenTarget: (target: string) => boolean = () => false,
): RelsResult {
  const edits = new XmlEdits();
  const removedIds = new Set<string>();
  const findings: Finding[] = [];
  for (const r of list) {
    const type = relType(r.type);
    const goes = r.external
      ? REMOVED_RELATIONSHIP_TYPES.has(type)
      : removedTarget(r.target) ||
        (REMOVED_RELATIONSHIP_TYPES.has(type) && !writtenTarget(r.target));
    if (goes) {
      edits.remove(r.start, r.end);
      removedIds.add(r.id);
      if (r.external)
        findings.push(finding('identifier.file-name', type, name, r.target));
      continue;
    }
    if (!r.external) continue;
    // A settings part links to a template, a transform or a publishing target: any path on the
    // author's disk there names them, even inside another scheme's address.
    const settings = isSettingsPart(source) && holdsLocalPath(r.target);
    if (settings || namesLocalPlace(r.target)) {
      const base = r.target.split(/[/\\]/).pop() ?? '';
      edits.replace(r.targetStart, r.targetEnd, escapeXml(base));
      findings.push(
        finding('identifier.file-name', 'link path', name, r.target),
      );
    }
    if (!LINK_TYPES.has(type))
      findings.push(
        finding(
          'document.content',
          'external link',
          name,
          `${type}: ${r.target}`,
          'review',
        ),
      );
  }
  return { edits, removedIds, findings };
}
