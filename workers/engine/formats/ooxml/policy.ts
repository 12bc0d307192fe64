/**
 * The Office package as the driver's policy (ECMA-376 Part 2): a part is kept only when a chain
 * of relationships from the package reaches it (targets resolved by the OPC rules: relative
 * references, dot segments, percent-encoding, case-insensitive part names) and the content types
 * part gives it a type. Relationship types decide what a part is, never its name: properties
 * become minimal, parts holding people or history go, XML parts are edited by the rules, and
 * pictures, fonts and embedded files are content (cleaned by the engine when their bytes are a
 * file it knows).
 */
import type { FieldId } from '../../fields';
import type { Finding } from '../../findings';
import {
  attribute,
  decodeEntities,
  walkXml,
  type XmlEdits,
} from '../../shared/xml';
import {
  contentRule,
  noRules,
  resolvePart,
  resultRules,
  type XmlPass,
  type MemberRule,
  type PackagePlan,
  type PackageReader,
  type ZipEntry,
} from '../../shared/zip';
import { corrupt, EngineError } from '../../errors';
import { fieldRules, isWordStory } from './field-rules';
import { OOXML_NAMESPACES, OOXML_PART_NAMESPACES } from './namespaces';
import {
  CONTENT_TYPES,
  parseRelationships,
  relType,
  type Relationship,
} from './package';
import { partRules } from './part-rules';
import { MINIMAL_APP, MINIMAL_CORE, propertyFindings } from './props';
import { rewriteRelationships } from './relationships';
import {
  partRole,
  REMOVED_RELATIONSHIP_TYPES,
  removedByName,
} from './removed-parts';
import {
  isSettingsPart,
  settingsByRoot,
  settingsRules,
} from './settings-rules';
import { vmlRules } from './vml-rules';
import { inkRules, INK_TYPE } from './ink-rules';
import { signatureLineRules } from './signature-line-rules';
import { noteFrameRules } from './note-frame-rules';
import { contentControlRules } from './content-control-rules';
import { webExtensionRules } from './webextension-rules';

const PACKAGE_RELS = '_rels/.rels';
/** A part's relationships part: `word/document.xml` -> `word/_rels/document.xml.rels`. */
const relsOf = (part: string): string => {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
};

/** Relationship types whose targets are the properties parts, made minimal. */
const PROPERTIES = new Map([
  ['core-properties', MINIMAL_CORE],
  ['extended-properties', MINIMAL_APP],
]);
/** Relationship types of the parts the settings rules apply to, whatever their names. */
const SETTINGS_TYPES = new Set([
  'settings',
  'webSettings',
  'connections',
  'pivotCacheDefinition',
  'presProps',
  'viewProps',
]);
/** Relationship types of Word's stories, where fields show paths and names. */
const WORD_STORY_TYPES = new Set([
  'header',
  'footer',
  'footnotes',
  'endnotes',
  'glossaryDocument',
]);
/** The main parts of a workbook and of a Word document, by content type. */
const WORKBOOK_TYPE =
  /(spreadsheetml\.(sheet|template)|ms-excel\.(sheet|template)\.macroEnabled)\.main\+xml$/i;
const WORD_MAIN_TYPE =
  /(wordprocessingml\.(document|template)|ms-word\.(document|template)\.macroEnabled(Template)?)\.main\+xml$/i;
const VML = 'application/vnd.openxmlformats-officedocument.vmlDrawing';
/**
 * ECMA-376 Part 1, 17.17.2.1 altChunk: content from another file that Word imports into the
 * document when it opens it. A Word document chunk is a file the engine cleans; any other (HTML,
 * RTF, plain text, MHT) is text we do not read, and leaving it out would lose content silently.
 */
const ALT_CHUNK = 'aFChunk';
const WORD_DOCUMENT_CHUNK =
  /^application\/(vnd\.openxmlformats-officedocument\.wordprocessingml\.(document|template)|vnd\.ms-word\.(document|template)\.macroEnabled\.12)$/i;
const VBA = /^application\/vnd\.ms-office\.vbaProject$/i;
/** XML content types: `.../xml`, `...+xml` (RFC 7303). */
const XML_TYPE = /[/+]xml$/i;
/**
 * Binary content an Office document shows or needs: pictures, media, fonts, and embedded objects.
 * Any other binary type is not known, and not kept.
 */
const CONTENT_TYPE =
  /^(image|audio|video|font)\/|^application\/(x-font|vnd\.openxmlformats-officedocument\.(obfuscatedFont|oleObject|package)|vnd\.ms-office\.(activeX|vbaProject)|vnd\.ms-(excel|word|powerpoint|package)\b|octet-stream$|x-msmetafile$|postscript$|pdf$|vnd\.openxmlformats-officedocument\.(spreadsheetml|wordprocessingml|presentationml)\.(sheet|document|presentation)$)/i;

interface ContentTypes {
  readonly defaults: ReadonlyMap<string, string>;
  readonly overrides: ReadonlyMap<string, string>;
}

function contentTypes(xml: string): ContentTypes {
  const defaults = new Map<string, string>();
  const overrides = new Map<string, string>();
  walkXml(
    xml,
    {
      open(el) {
        const value = (name: string) =>
          decodeEntities(attribute(el, name)?.raw ?? '');
        const type = value('ContentType');
        if (el.name === 'Default')
          defaults.set(value('Extension').toLowerCase(), type);
        else if (el.name === 'Override')
          overrides.set(resolvePart('', value('PartName')).toLowerCase(), type);
      },
    },
    OOXML_NAMESPACES,
  );
  return { defaults, overrides };
}

function typeOf(types: ContentTypes, name: string): string | undefined {
  const override = types.overrides.get(name.toLowerCase());
  if (override !== undefined) return override;
  const dot = name.lastIndexOf('.');
  return dot > name.lastIndexOf('/')
    ? types.defaults.get(name.slice(dot + 1).toLowerCase())
    : undefined;
}

/** The Overrides of parts that are not written go; everything else stays as it is. */
const contentTypesRules =
  (kept: ReadonlySet<string>) =>
  (_xml: string, edits: XmlEdits): XmlPass[] => [
    {
      close(el) {
        if (el.name !== 'Override') return;
        const part = resolvePart(
          '',
          decodeEntities(attribute(el, 'PartName')?.raw ?? ''),
        );
        if (!kept.has(part.toLowerCase())) edits.remove(el.start, el.end);
      },
    },
  ];

/**
 * True when a VML part draws only a sheet's note shapes (its comments' frames), its object types
 * read as XML reads an attribute: in either quote, references decoded.
 */
const onlyNotes = (xml: string): boolean => {
  const types = [
    ...xml.matchAll(/\bObjectType\s*=\s*(?:"([^"]*)"|'([^']*)')/g),
  ];
  return (
    types.length > 0 &&
    types.every((m) => decodeEntities(m[1] ?? m[2] ?? '').trim() === 'Note')
  );
};

export interface OfficeWalk {
  readonly plan: PackagePlan;
  /** The slide size, for content placed off a slide. */
  readonly slideSize?: { cx: number; cy: number };
}

export async function officePolicy(pkg: PackageReader): Promise<PackagePlan> {
  const typesEntry = pkg.find(CONTENT_TYPES);
  if (!typesEntry) throw corrupt('Office file without [Content_Types].xml');
  const typesXml = await pkg.xml(typesEntry);
  const types = contentTypes(typesXml);
  const rules = new Map<ZipEntry, MemberRule>();
  const findings: Finding[] = [];
  /** Reached parts by their member, with the relationship type that reached them first. */
  const reached = new Map<ZipEntry, string>();
  const removed = new Map<ZipEntry, FieldId>();
  const relsParts = new Map<
    ZipEntry,
    { source: string; list: Relationship[] }
  >();
  const queue: string[] = [''];
  let next = 0;
  const seen = new Set<string>(['']);
  // An index, not shift(): a package of tens of thousands of parts queues every one of them.
  while (next < queue.length) {
    const source = queue[next++]!;
    const relsEntry = pkg.find(source ? relsOf(source) : PACKAGE_RELS);
    if (!relsEntry) continue;
    const xml = await pkg.xml(relsEntry);
    const list = parseRelationships(xml);
    relsParts.set(relsEntry, { source, list });
    for (const r of list) {
      if (r.external) continue;
      const entry = pkg.find(resolvePart(source, r.target));
      if (!entry || entry === typesEntry) continue;
      const contentType = typeOf(types, entry.name);
      const type = partRole(relType(r.type), contentType);
      // Office points at ink (a `contentPart`) with the custom XML relationship type; the part
      // is pen strokes by its content type, content, not data an add-in keeps.
      const ink = INK_TYPE.test(contentType ?? '');
      const field = ink
        ? removedByName(entry.name)
        : (REMOVED_RELATIONSHIP_TYPES.get(type) ?? removedByName(entry.name));
      if (field) {
        removed.set(entry, field);
        continue;
      }
      if (!reached.has(entry)) reached.set(entry, type);
      if (!seen.has(entry.name)) {
        seen.add(entry.name);
        queue.push(entry.name);
      }
    }
  }
  for (const entry of removed.keys()) reached.delete(entry);

  // A sheet's comments are drawn by a VML part holding only note shapes: it goes with them.
  for (const { source, list } of relsParts.values()) {
    if (!list.some((r) => relType(r.type) === 'comments')) continue;
    for (const r of list) {
      if (relType(r.type) !== 'vmlDrawing' || r.external) continue;
      const entry = pkg.find(resolvePart(source, r.target));
      if (entry && reached.has(entry) && onlyNotes(await pkg.xml(entry))) {
        reached.delete(entry);
        removed.set(entry, 'document.comments-part');
      }
    }
  }

  for (const [entry, field] of removed)
    rules.set(entry, { kind: 'removed', field });

  const removedIds = new Map<string, Set<string>>();
  const presentation = [...reached.keys()].find((e) =>
    /^ppt\/presentation\.xml$/i.test(e.name),
  );
  const slideSize = presentation
    ? slideSizeOf(await pkg.xml(presentation))
    : undefined;

  for (const [entry, relationship] of reached) {
    const name = entry.name;
    const type = typeOf(types, name);
    const properties = PROPERTIES.get(relationship);
    if (relationship === ALT_CHUNK) {
      rules.set(entry, await altChunkRule(pkg, entry, type));
    } else if (properties) {
      const held = propertyFindings(name, await pkg.xml(entry));
      findings.push(...held);
      rules.set(
        entry,
        held.length
          ? { kind: 'bytes', bytes: properties }
          : { kind: 'xml', namespaces: OOXML_NAMESPACES, rules: noRules },
      );
    } else if (type === undefined) {
      rules.set(entry, {
        kind: 'removed',
        field: 'document.unknown-part',
        label: 'part without a content type',
      });
    } else if (XML_TYPE.test(type)) {
      rules.set(entry, {
        kind: 'xml',
        namespaces: OOXML_PART_NAMESPACES,
        rules: (xml, edits) => {
          const passes = [
            partRules(
              name,
              {
                removedIds: removedIds.get(name) ?? new Set(),
                ...(slideSize ? { slideSize } : {}),
              },
              edits,
            ),
          ];
          if (
            isSettingsPart(name) ||
            SETTINGS_TYPES.has(relationship) ||
            WORKBOOK_TYPE.test(type)
          )
            passes.push(settingsRules(name, xml, edits));
          else passes.push(settingsByRoot(name, xml, edits));
          if (
            isWordStory(name) ||
            WORD_STORY_TYPES.has(relationship) ||
            WORD_MAIN_TYPE.test(type)
          )
            passes.push(
              fieldRules(name, xml, edits),
              contentControlRules(name, edits),
            );
          passes.push(
            signatureLineRules(name, edits),
            webExtensionRules(name, edits),
          );
          if (INK_TYPE.test(type)) passes.push(inkRules(name, edits));
          return passes;
        },
      });
    } else if (type === VML) {
      rules.set(entry, {
        kind: 'xml',
        namespaces: OOXML_NAMESPACES,
        rules: (_xml, edits) => [
          partRules(
            name,
            { removedIds: removedIds.get(name) ?? new Set() },
            edits,
          ),
          vmlRules(name, edits),
          signatureLineRules(name, edits),
          noteFrameRules(name, edits),
        ],
      });
    } else if (VBA.test(type) || relationship === 'vbaProject') {
      rules.set(
        entry,
        await contentRule(pkg.src, entry, {
          kind: 'content',
          review: 'macros',
        }),
      );
    } else if (CONTENT_TYPE.test(type)) {
      rules.set(
        entry,
        await contentRule(
          pkg.src,
          entry,
          /(^|\/)embeddings\//i.test(name)
            ? { kind: 'content', review: 'embedded object' }
            : { kind: 'content' },
        ),
      );
    } else {
      rules.set(entry, {
        kind: 'removed',
        field: 'document.unknown-part',
        label: `part of type ${type.slice(0, 80)}`,
      });
    }
  }

  // Relationships to parts that are not written go, and elements naming them (partRules).
  const written = (entry: ZipEntry | undefined) =>
    entry !== undefined &&
    rules.get(entry)?.kind !== 'removed' &&
    rules.has(entry);
  for (const [entry, { source, list }] of relsParts) {
    if (source && !written(pkg.find(source))) continue;
    const r = rewriteRelationships(
      entry.name,
      source,
      list,
      (target) => {
        const part = pkg.find(resolvePart(source, target));
        return part !== undefined && !written(part);
      },
      (target) => written(pkg.find(resolvePart(source, target))),
    );
    removedIds.set(source, r.removedIds);
    rules.set(entry, {
      kind: 'xml',
      namespaces: OOXML_NAMESPACES,
      rules: resultRules(() => r),
    });
  }

  const kept = new Set<string>();
  for (const [entry, rule] of rules)
    if (rule.kind !== 'removed') kept.add(entry.name.toLowerCase());
  rules.set(typesEntry, {
    kind: 'xml',
    namespaces: OOXML_NAMESPACES,
    rules: contentTypesRules(kept),
  });
  return { rules, findings, first: typesEntry };
}

/** An imported chunk's rule: a Word document cleaned as a file; anything else refused. */
async function altChunkRule(
  pkg: PackageReader,
  entry: ZipEntry,
  type: string | undefined,
): Promise<MemberRule> {
  const rule =
    type !== undefined && WORD_DOCUMENT_CHUNK.test(type)
      ? await contentRule(pkg.src, entry, { kind: 'content' } as const)
      : null;
  if (rule?.kind === 'content') return rule;
  throw new EngineError(
    'alt-chunk',
    `${entry.name}: content imported from another file (${(type ?? 'no content type').slice(0, 80)}) that Word merges into the document when it opens it; we cannot check it, and leaving it out would lose text: open the document in Word, save it, and clean again`,
  );
}

function slideSizeOf(xml: string): { cx: number; cy: number } | undefined {
  let size: { cx: number; cy: number } | undefined;
  walkXml(
    xml,
    {
      open(el) {
        if (el.name === 'p:sldSz')
          size = {
            cx: Number(attribute(el, 'cx')?.raw),
            cy: Number(attribute(el, 'cy')?.raw),
          };
      },
    },
    OOXML_NAMESPACES,
  );
  return size;
}
