import type { ByteSource } from '../../byte-source';
import { EngineError } from '../../errors';
import { finding, type Finding } from '../../findings';
import type {
  Analysis,
  AnalysisContext,
  Sniffed,
  ByteRange,
} from '../../format-module';
import {
  cleanedOrCopiedMember,
  copiedMember,
  editedXmlMember,
  inEntryOrder,
  isSystemFile,
  METHOD_STORED,
  newMember,
  type OutMember,
  readMember,
  readZip,
  writeZip,
} from '../../shared/zip';
import { decodeXml } from '../../shared/xml';
import { odfKind } from './kind';
import { MANIFEST, manifestEdits } from './manifest';
import { metaFindings, minimalMeta, odfPartRules } from './rules';

/** Members that go: previews of the first page, and signatures naming their signer. */
const REMOVED = [
  /^Thumbnails\//,
  /^META-INF\/(documentsignatures|macrosignatures)\.xml$/,
];

/** The parts of a document (or of an object inside it) where fields are declared and used. */
const FIELD_PARTS = /(^|\/)(content|styles)\.xml$/;

/** What separates names in attribute values, conditions and formulas. */
const NAME_DELIMITERS = /[\s"'<>=&;:()+\-*/!|,[\]{}]+/;
const isToken = (name: string) => name !== '' && !NAME_DELIMITERS.test(name);

/** How often each name-like token occurs, in one pass over the part. */
function countTokens(text: string, counts: Map<string, number>): void {
  for (const token of text.split(NAME_DELIMITERS))
    if (token) counts.set(token, (counts.get(token) ?? 0) + 1);
}

/**
 * An OpenDocument package: `meta.xml` minimal, settings without printer or data sources,
 * thumbnails and signatures removed, tracked changes accepted, annotations anonymous, embedded
 * images cleaned, the manifest listing what remains, `mimetype` first and stored.
 */
export async function analyzeOdf(
  src: ByteSource,
  ctx: AnalysisContext,
): Promise<Analysis & { format: Sniffed }> {
  const zip = await readZip(src);
  const mimetypeEntry = zip.byName.get('mimetype');
  if (!mimetypeEntry)
    throw new EngineError('corrupt', 'OpenDocument without a mimetype member');
  const mimetype = new TextDecoder().decode(
    await readMember(src, mimetypeEntry),
  );
  const format = odfKind(mimetype);
  const findings: Finding[] = [];
  const out = new Map<string, OutMember>();
  const remaining = new Set<string>();
  for (const e of zip.entries) {
    if (REMOVED.some((re) => re.test(e.name)) || isSystemFile(e.name)) {
      findings.push(
        finding(
          e.name.startsWith('Thumbnails/')
            ? 'thumbnail'
            : isSystemFile(e.name)
              ? 'other'
              : 'author',
          e.name,
          e.name,
        ),
      );
      continue;
    }
    remaining.add(e.name);
  }
  // Content and styles are read before the walk: a user field is kept when either names it.
  const fieldParts = new Map<string, string>();
  for (const e of zip.entries)
    if (remaining.has(e.name) && FIELD_PARTS.test(e.name))
      fieldParts.set(e.name, decodeXml(await readMember(src, e)));
  const tokens = new Map<string, Map<string, number>>();
  const userFieldUses = (folder: string) => (field: string) => {
    let counts = tokens.get(folder);
    if (!counts) {
      counts = new Map();
      for (const part of ['content.xml', 'styles.xml'])
        countTokens(fieldParts.get(folder + part) ?? '', counts);
      tokens.set(folder, counts);
    }
    // A name the token split would cut is taken as used: kept and reported, never lost.
    return isToken(field) ? (counts.get(field) ?? 0) : Infinity;
  };
  const nestedOpaque: ByteRange[] = [];
  for (const e of zip.entries) {
    const name = e.name;
    if (!remaining.has(name) || name === MANIFEST) continue;
    if (name === 'mimetype') {
      out.set(
        name,
        e.method === METHOD_STORED
          ? copiedMember(e)
          : newMember(name, await readMember(src, e), false),
      );
    } else if (/(^|\/)meta\.xml$/.test(name)) {
      const meta = metaFindings(name, decodeXml(await readMember(src, e)));
      findings.push(...meta.findings);
      out.set(
        name,
        meta.findings.length
          ? newMember(name, minimalMeta(meta.version))
          : copiedMember(e),
      );
    } else if (/\.xml$/i.test(name)) {
      const xml = fieldParts.get(name) ?? decodeXml(await readMember(src, e));
      const folder = name.slice(0, name.lastIndexOf('/') + 1);
      const r = odfPartRules(name, xml, {
        userFieldUses: userFieldUses(folder),
      });
      findings.push(...r.findings);
      out.set(name, editedXmlMember(e, xml, r.edits));
    } else {
      out.set(
        name,
        await cleanedOrCopiedMember(src, e, ctx, findings, nestedOpaque),
      );
    }
    if (/^Object \d+\/content\.xml$/.test(name))
      findings.push(
        finding('other', 'embedded object', name, undefined, 'review'),
      );
    if (/^Basic\/.+/.test(name) && name.endsWith('script-lb.xml'))
      findings.push(finding('other', 'macros', name, undefined, 'review'));
    ctx.onProgress?.(out.size / zip.entries.length);
  }
  const manifestEntry = zip.byName.get(MANIFEST);
  if (manifestEntry) {
    const xml = decodeXml(await readMember(src, manifestEntry));
    const edits = manifestEdits(xml, remaining);
    if (edits.size)
      findings.push(
        finding('other', 'manifest entries', MANIFEST, String(edits.size)),
      );
    out.set(MANIFEST, editedXmlMember(manifestEntry, xml, edits));
  }
  const ordered = inEntryOrder(zip.entries, out, out.get('mimetype')!);
  return {
    format,
    findings,
    plan: () => writeZip(ordered),
    nestedOpaque: nestedOpaque.sort((a, b) => a.start - b.start),
  };
}
