import type { ByteSource } from '../../byte-source';
import { EngineError } from '../../errors';
import { finding, type Finding, type FindingCategory } from '../../findings';
import type { Analysis, AnalysisContext, ByteRange } from '../../format-module';
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
  type ZipArchive,
} from '../../shared/zip';
import {
  attribute,
  decodeEntities,
  decodeXml,
  walkXml,
} from '../../shared/xml';
import { mintIdentifier } from './identifier';
import { rewriteNcx } from './ncx';
import { rewriteOpf } from './opf';
import { rewriteXhtml } from './xhtml';

const CONTAINER = 'META-INF/container.xml';
/**
 * Files reading apps add beside the book (calibre's bookmarks, iTunes' purchase data and artwork),
 * and container files no reading system needs that name people (OCF 3.3, section 3.5.2): the
 * container-level metadata, signatures naming their signer, and rights (a licence naming its
 * holder). A signature no longer matches once the book is cleaned.
 */
const REMOVED: readonly [RegExp, FindingCategory][] = [
  [/(^|\/)calibre_bookmarks\.txt$/, 'history'],
  [/^iTunesMetadata(-original)?\.plist$/, 'author'],
  [/^iTunesArtwork$/, 'author'],
  [/^META-INF\/metadata\.xml$/, 'other'],
  [/^META-INF\/signatures\.xml$/, 'author'],
  [/^META-INF\/rights\.xml$/, 'identifier'],
];
const removedCategory = (name: string): FindingCategory | undefined =>
  isSystemFile(name) ? 'other' : REMOVED.find(([re]) => re.test(name))?.[1];

async function rootFiles(src: ByteSource, zip: ZipArchive): Promise<string[]> {
  const entry = zip.byName.get(CONTAINER);
  if (!entry)
    throw new EngineError('corrupt', 'EPUB without META-INF/container.xml');
  const paths: string[] = [];
  walkXml(decodeXml(await readMember(src, entry)), {
    open(el) {
      if (el.name.endsWith('rootfile')) {
        const path = attribute(el, 'full-path')?.raw;
        if (path) paths.push(decodeEntities(path));
      }
    },
  });
  if (!paths.some((p) => zip.byName.has(p)))
    throw new EngineError('corrupt', 'EPUB package document missing');
  return paths;
}

/**
 * An EPUB: the package document keeps only title, language, a fresh identifier and a fixed
 * modification date; the NCX loses its author; XHTML heads lose their meta; reading apps' files
 * go; images are cleaned; `mimetype` stays first and stored.
 */
export async function analyzeEpub(
  src: ByteSource,
  ctx: AnalysisContext,
): Promise<Analysis> {
  const zip = await readZip(src);
  if (zip.byName.has('META-INF/encryption.xml'))
    throw new EngineError(
      'encrypted',
      'EPUB with encrypted or obfuscated resources (its fonts are keyed to the identifier)',
    );
  const opfs = new Set(await rootFiles(src, zip));
  const findings: Finding[] = [];
  const removed = new Set(
    zip.entries
      .filter((e) => removedCategory(e.name) !== undefined)
      .map((e) => e.name),
  );
  const freshId = mintIdentifier();
  const out = new Map<string, OutMember>();
  let identifierReplaced = false;
  for (const name of opfs) {
    const entry = zip.byName.get(name);
    if (!entry) continue;
    const dir = name.slice(0, name.lastIndexOf('/') + 1);
    const hrefs = new Set(
      [...removed]
        .filter((r) => r.startsWith(dir))
        .map((r) => r.slice(dir.length)),
    );
    const xml = decodeXml(await readMember(src, entry));
    const r = rewriteOpf(name, xml, freshId, hrefs);
    identifierReplaced ||= r.identifierReplaced;
    findings.push(...r.findings);
    out.set(name, editedXmlMember(entry, xml, r.edits));
  }
  const nestedOpaque: ByteRange[] = [];
  for (const e of zip.entries) {
    const name = e.name;
    if (out.has(name)) continue;
    if (removed.has(name)) {
      findings.push(finding(removedCategory(name)!, name, name));
      continue;
    }
    if (name === 'mimetype') {
      out.set(
        name,
        e.method === METHOD_STORED
          ? copiedMember(e)
          : newMember(name, await readMember(src, e), false),
      );
    } else if (/\.ncx$/i.test(name)) {
      const xml = decodeXml(await readMember(src, e));
      const r = rewriteNcx(name, xml, identifierReplaced ? freshId : null);
      findings.push(...r.findings);
      out.set(name, editedXmlMember(e, xml, r.edits));
    } else if (/\.(xhtml|html|htm)$/i.test(name)) {
      const text = decodeXml(await readMember(src, e));
      const r = rewriteXhtml(name, text);
      findings.push(...r.findings);
      out.set(name, editedXmlMember(e, text, r.edits));
    } else {
      out.set(
        name,
        await cleanedOrCopiedMember(src, e, ctx, findings, nestedOpaque),
      );
    }
    ctx.onProgress?.(out.size / zip.entries.length);
  }
  const mimetype = out.get('mimetype');
  if (!mimetype)
    throw new EngineError('corrupt', 'EPUB without a mimetype member');
  const ordered = inEntryOrder(zip.entries, out, mimetype);
  return {
    findings,
    plan: () => writeZip(ordered),
    nestedOpaque: nestedOpaque.sort((a, b) => a.start - b.start),
  };
}
