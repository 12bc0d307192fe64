/**
 * The package manifest (OpenDocument 1.3 part 2, section 4): after cleaning it lists exactly the
 * members that remain. Entries for removed or missing files go; members it did not list are added.
 */
import { EngineError } from '../../errors';
import { finding } from '../../findings';
import {
  attribute,
  decodeEntities,
  escapeXml,
  type XmlEdits,
} from '../../shared/xml';
import type { XmlPass } from '../../shared/zip';

export const MANIFEST = 'META-INF/manifest.xml';
const UNLISTED = new Set(['mimetype', MANIFEST]);

/** Every folder that holds a member, as the manifest names folders (`Pictures/`), in one pass. */
function foldersOf(members: ReadonlySet<string>): Set<string> {
  const folders = new Set<string>();
  for (const member of members)
    for (
      let slash = member.indexOf('/');
      slash >= 0 && slash < member.length - 1;
      slash = member.indexOf('/', slash + 1)
    )
      folders.add(member.slice(0, slash + 1));
  return folders;
}

/**
 * The manifest's rules as its visitor in the part's single walk, linear in its entries and the
 * members' names (a manifest of tens of thousands of folder entries must not cost a scan of every
 * member each). Reports how many entries went or were added.
 */
export function manifestRules(
  remaining: ReadonlySet<string>,
  edits: XmlEdits,
): XmlPass {
  const folders = foldersOf(remaining);
  const listed = new Set<string>();
  let rootEnd = -1;
  let changed = 0;
  return {
    open(el) {
      if (el.name === 'manifest:encryption-data')
        throw new EngineError(
          'encrypted',
          'OpenDocument with encrypted members',
        );
    },
    close(el) {
      if (el.name === 'manifest:manifest') rootEnd = el.closeStart;
      if (el.name !== 'manifest:file-entry') return;
      const path = decodeEntities(
        attribute(el, 'manifest:full-path')?.raw ?? '',
      );
      listed.add(path);
      const folder = path.endsWith('/');
      const present = folder
        ? path === '/' || folders.has(path) || remaining.has(path)
        : remaining.has(path);
      if (!present) {
        edits.remove(el.start, el.end);
        changed++;
      }
    },
    done() {
      const missing = [...remaining].filter(
        (m) => !UNLISTED.has(m) && !listed.has(m) && !m.endsWith('/'),
      );
      if (missing.length && rootEnd >= 0) {
        edits.replace(
          rootEnd,
          rootEnd,
          missing
            .map(
              (m) =>
                `<manifest:file-entry manifest:full-path="${escapeXml(m)}" manifest:media-type=""/>`,
            )
            .join(''),
        );
        changed++;
      }
      return changed
        ? [finding('other.data', 'manifest entries', MANIFEST, String(changed))]
        : [];
    },
  };
}
