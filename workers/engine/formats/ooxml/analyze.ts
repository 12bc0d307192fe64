import type { ByteSource } from '../../byte-source';
import { EngineError } from '../../errors';
import { finding, type Finding, type FindingCategory } from '../../findings';
import type {
  AnalysisContext,
  Analysis,
  Sniffed,
  ByteRange,
} from '../../format-module';
import {
  cleanedOrCopiedMember,
  copiedMember,
  editedXmlMember,
  inEntryOrder,
  newMember,
  type OutMember,
  readMember,
  readZip,
  writeZip,
  type ZipArchive,
  type ZipEntry,
} from '../../shared/zip';
import { attribute, decodeXml, walkXml, XmlEdits } from '../../shared/xml';
import {
  CONTENT_TYPES,
  parseRelationships,
  relType,
  relsSource,
  resolveTarget,
  type Relationship,
} from './package';
import { fieldRules, isWordStory } from './field-rules';
import { partRules } from './part-rules';
import { isSettingsPart, settingsRules } from './settings-rules';
import { MINIMAL_APP, MINIMAL_CORE, propertyFindings } from './props';
import { rewriteRelationships } from './relationships';
import { REMOVED_RELATIONSHIP_TYPES, removedByName } from './removed-parts';
import { officeKind } from './kind';

/** VML parts are often not well-formed XML and carry none of what is removed: they are copied. */
const isXml = (name: string) => /\.(xml|rels)$/i.test(name);

async function xmlOf(src: ByteSource, entry: ZipEntry): Promise<string> {
  return decodeXml(await readMember(src, entry));
}

/** Parts that go, with what they held: by name, by relationship type, and their own relationships. */
async function removedParts(
  src: ByteSource,
  zip: ZipArchive,
  rels: ReadonlyMap<string, Relationship[]>,
): Promise<Map<string, FindingCategory>> {
  const removed = new Map<string, FindingCategory>();
  for (const e of zip.entries) {
    const category = removedByName(e.name);
    if (category) removed.set(e.name, category);
  }
  for (const [relsName, list] of rels) {
    const source = relsSource(relsName) ?? '';
    for (const r of list) {
      const category = REMOVED_RELATIONSHIP_TYPES.get(relType(r.type));
      if (category && !r.external)
        removed.set(resolveTarget(source, r.target), category);
    }
  }
  // A sheet's comments are drawn by a VML part holding only note shapes: it goes with them.
  for (const [relsName, list] of rels) {
    const source = relsSource(relsName) ?? '';
    if (!list.some((r) => relType(r.type) === 'comments')) continue;
    for (const r of list) {
      if (relType(r.type) !== 'vmlDrawing' || r.external) continue;
      const target = resolveTarget(source, r.target);
      const entry = zip.byName.get(target);
      if (entry && (await onlyNotes(src, entry)))
        removed.set(target, 'comment');
    }
  }
  for (const e of zip.entries) {
    const source = relsSource(e.name);
    if (source !== null && removed.has(source)) removed.set(e.name, 'other');
  }
  return removed;
}

async function onlyNotes(src: ByteSource, entry: ZipEntry): Promise<boolean> {
  const types = [
    ...(await xmlOf(src, entry)).matchAll(/ObjectType\s*=\s*"(\w+)"/g),
  ];
  return types.length > 0 && types.every((m) => m[1] === 'Note');
}

function contentTypesEdits(
  xml: string,
  removed: ReadonlyMap<string, unknown>,
): XmlEdits {
  const edits = new XmlEdits();
  walkXml(xml, {
    close(el) {
      if (el.name !== 'Override') return;
      const part = attribute(el, 'PartName')?.raw ?? '';
      if (removed.has(resolveTarget('', part))) edits.remove(el.start, el.end);
    },
  });
  return edits;
}

function slideSize(xml: string): { cx: number; cy: number } | undefined {
  let size: { cx: number; cy: number } | undefined;
  walkXml(xml, {
    open(el) {
      if (el.name === 'p:sldSz')
        size = {
          cx: Number(attribute(el, 'cx')?.raw),
          cy: Number(attribute(el, 'cy')?.raw),
        };
    },
  });
  return size;
}

/** Longer than any OpenDocument media type: not one. */
const MAX_MIMETYPE_BYTES = 100;
/** Packages that name their kind in a `mimetype` member: OpenDocument and EPUB. */
const MIMETYPE_PACKAGE =
  /^(application\/vnd\.oasis\.opendocument\.|application\/epub\+zip$)/;

/**
 * An OpenDocument or EPUB whose `mimetype` member is not the first (OpenDocument 1.3 part 2,
 * section 3.3, and OCF 3.3 require it first) is sniffed as any zip and reaches here. Its own
 * module cleans it, by the media type the member states; the clean copy has `mimetype` first and
 * stored, as it should.
 */
async function misplacedMimetype(
  src: ByteSource,
  zip: ZipArchive,
  ctx: AnalysisContext,
): Promise<(Analysis & { format: Sniffed }) | null> {
  const entry = zip.byName.get('mimetype');
  if (
    !entry ||
    entry.uncompressedSize > MAX_MIMETYPE_BYTES ||
    zip.entries.some((e) => /^(word|xl|ppt)\//.test(e.name))
  )
    return null;
  const mime = new TextDecoder()
    .decode(await readMember(src, entry))
    .trim()
    .replace(/-template$/, '');
  if (!MIMETYPE_PACKAGE.test(mime)) return null;
  const { format, analysis } = await ctx.nested.analyzeRange(src, 0, mime);
  return { ...analysis, format };
}

/**
 * An Office Open XML package: parts that hold people or history are dropped (with their
 * relationships and content types), the properties parts become minimal, the XML parts that hold
 * identifiers, tracked changes or comment anchors are rewritten, embedded files are cleaned by the
 * engine, and every other member is copied compressed, unread.
 */
export async function analyzeOoxml(
  src: ByteSource,
  ctx: AnalysisContext,
): Promise<Analysis & { format: Sniffed }> {
  const zip = await readZip(src);
  const odf = await misplacedMimetype(src, zip, ctx);
  if (odf) return odf;
  const format = officeKind(zip);
  if (!zip.byName.has(CONTENT_TYPES))
    throw new EngineError('corrupt', 'Office file without [Content_Types].xml');
  const rels = new Map<string, Relationship[]>();
  const relsXml = new Map<string, string>();
  for (const e of zip.entries) {
    if (relsSource(e.name) === null) continue;
    const xml = await xmlOf(src, e);
    relsXml.set(e.name, xml);
    rels.set(e.name, parseRelationships(xml));
  }
  const removed = await removedParts(src, zip, rels);
  const rootRels = rels.get('_rels/.rels') ?? [];
  const propsPart = (type: string, fallback: string) =>
    rootRels
      .find((r) => relType(r.type) === type && !r.external)
      ?.target.replace(/^\//, '') ?? fallback;
  const corePart = propsPart('core-properties', 'docProps/core.xml');
  const appPart = propsPart('extended-properties', 'docProps/app.xml');

  const findings: Finding[] = [];
  const out = new Map<string, OutMember>();
  const removedIds = new Map<string, Set<string>>();
  for (const [name, list] of rels) {
    if (removed.has(name)) continue;
    const source = relsSource(name)!;
    const r = rewriteRelationships(name, source, list, removed);
    findings.push(...r.findings);
    removedIds.set(source, r.removedIds);
    out.set(
      name,
      editedXmlMember(zip.byName.get(name)!, relsXml.get(name)!, r.edits),
    );
  }
  const presentation = zip.byName.get('ppt/presentation.xml');
  const size = presentation
    ? slideSize(await xmlOf(src, presentation))
    : undefined;

  const nestedOpaque: ByteRange[] = [];
  for (const e of zip.entries) {
    const name = e.name;
    if (out.has(name)) continue;
    const category = removed.get(name);
    if (category) {
      findings.push(
        finding(category, name.slice(name.lastIndexOf('/') + 1), name),
      );
      continue;
    }
    if (name === corePart || name === appPart) {
      const held = propertyFindings(name, await xmlOf(src, e));
      findings.push(...held);
      out.set(
        name,
        held.length
          ? newMember(name, name === corePart ? MINIMAL_CORE : MINIMAL_APP)
          : copiedMember(e),
      );
    } else if (name === CONTENT_TYPES) {
      const xml = await xmlOf(src, e);
      const edits = contentTypesEdits(xml, removed);
      out.set(name, editedXmlMember(e, xml, edits));
    } else if (isXml(name)) {
      const xml = await xmlOf(src, e);
      const r = partRules(name, xml, {
        removedIds: removedIds.get(name) ?? new Set(),
        ...(size ? { slideSize: size } : {}),
      });
      findings.push(...r.findings);
      if (isSettingsPart(name))
        findings.push(...settingsRules(name, xml, r.edits));
      if (isWordStory(name)) findings.push(...fieldRules(name, xml, r.edits));
      out.set(name, editedXmlMember(e, xml, r.edits));
    } else {
      out.set(
        name,
        await cleanedOrCopiedMember(src, e, ctx, findings, nestedOpaque),
      );
    }
    if (/(^|\/)vbaProject\.bin$/i.test(name))
      findings.push(finding('other', 'macros', name, undefined, 'review'));
    else if (name.includes('/embeddings/'))
      findings.push(
        finding('other', 'embedded object', name, undefined, 'review'),
      );
    ctx.onProgress?.(out.size / zip.entries.length);
  }
  const ordered = inEntryOrder(zip.entries, out, out.get(CONTENT_TYPES)!);
  return {
    format,
    findings,
    plan: () => writeZip(ordered),
    nestedOpaque: nestedOpaque.sort((a, b) => a.start - b.start),
  };
}
