/**
 * The OpenDocument package as the driver's policy (OpenDocument 1.3 part 2): a member is kept
 * only when the manifest lists it with a media type and a rule of ours knows that type. The
 * manifest's root entry must name the same kind of document as the `mimetype` member. XML parts
 * are kept only when their root element is in an OpenDocument namespace (so an Office part
 * smuggled into a package is not taken for content), `meta.xml` becomes minimal, the RDF
 * metadata, thumbnails and signatures go, pictures and media are content.
 */
import { EngineError } from '../../errors';
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';
import type { Sniffed } from '../../format-module';
import {
  attribute,
  decodeEntities,
  isUnknownName,
  walkXml,
  type XmlElement,
} from '../../shared/xml';
import {
  contentRule,
  looksNested,
  METHOD_STORED,
  noRules,
  type MemberRule,
  type PackagePlan,
  type PackageReader,
  type ZipEntry,
} from '../../shared/zip';
import { odfKind } from './kind';
import { MANIFEST, manifestRules } from './manifest';
import { ODF_NAMESPACES } from './namespaces';
import { metaFindings, minimalMeta, odfPartRules } from './rules';
import { rdfaRules } from './rdfa';

/** Members that go whole, with what they held. */
const REMOVED: readonly [RegExp, FieldId][] = [
  [/^Thumbnails\//i, 'thumbnail.image'],
  [
    /^META-INF\/(documentsignatures|macrosignatures)\.xml$/i,
    'document.people-part',
  ],
  // RDF metadata (part 2, section 6): statements about the document, whoever wrote them.
  [/(^|\/)manifest\.rdf$/i, 'document.extra-part'],
  [/^META-INF\/metadata\.xml$/i, 'document.extra-part'],
  // A cache of page layout LibreOffice makes again; nothing a reader needs.
  [/(^|\/)layout-cache$/i, 'document.extra-part'],
];
/** Media types of members kept as content (cleaned by the engine when they are its files). */
const CONTENT_TYPE =
  /^(image|audio|video|font)\/|^application\/(vnd\.oasis\.opendocument\.|vnd\.sun\.star\.oleobject$|x-openoffice|octet-stream$)/i;
const XML_NAME = /\.xml$/i;
const META = /(^|\/)meta\.xml$/i;
const META_ROOT = 'office:document-meta';
/** The parts of a document (or of an object inside it) where fields are declared and used. */
const FIELD_PARTS = /(^|\/)(content|styles)\.xml$/i;
/** What separates names in attribute values, conditions and formulas. */
const NAME_DELIMITERS = /[\s"'<>=&;:()+\-*/!|,[\]{}]+/;
const isToken = (name: string) => name !== '' && !NAME_DELIMITERS.test(name);

interface ManifestEntry {
  readonly path: string;
  readonly type: string;
}

function readManifest(xml: string): ManifestEntry[] {
  const list: ManifestEntry[] = [];
  walkXml(
    xml,
    {
      open(el) {
        if (el.name === 'manifest:encryption-data')
          throw new EngineError(
            'encrypted',
            'OpenDocument with encrypted members',
          );
        if (el.name !== 'manifest:file-entry') return;
        list.push({
          path: decodeEntities(attribute(el, 'manifest:full-path')?.raw ?? ''),
          type: decodeEntities(attribute(el, 'manifest:media-type')?.raw ?? ''),
        });
      },
    },
    ODF_NAMESPACES,
  );
  return list;
}

/** The root element's name, canonical: an unknown namespace starts with the unknown mark. */
function rootName(xml: string): string {
  let root = '';
  try {
    walkXml(
      xml,
      {
        open(el: XmlElement) {
          if (!root) root = el.name;
        },
      },
      ODF_NAMESPACES,
    );
  } catch {
    return '';
  }
  return root;
}

export async function odfPolicy(
  pkg: PackageReader,
): Promise<PackagePlan & { format: Sniffed }> {
  const mimetypeEntry = pkg.zip.byName.get('mimetype');
  if (!mimetypeEntry)
    throw new EngineError('corrupt', 'OpenDocument without a mimetype member');
  const mimetype = new TextDecoder().decode(await pkg.bytes(mimetypeEntry));
  const format = odfKind(mimetype);
  const manifestEntry = pkg.find(MANIFEST);
  if (!manifestEntry)
    throw new EngineError('corrupt', 'OpenDocument without a manifest');
  const manifestXml = await pkg.xml(manifestEntry);
  const listed = readManifest(manifestXml);
  const root = listed.find((e) => e.path === '/');
  if (root && root.type.replace(/-template$/, '') !== format.mime)
    throw new EngineError(
      'corrupt',
      `OpenDocument whose mimetype (${mimetype.slice(0, 60)}) and manifest (${root.type.slice(0, 60)}) disagree`,
    );

  const rules = new Map<ZipEntry, MemberRule>();
  const findings: Finding[] = [];
  const types = new Map<ZipEntry, string>();
  for (const { path, type } of listed) {
    if (path.endsWith('/')) continue;
    const entry = pkg.find(path);
    if (entry && entry !== manifestEntry && entry !== mimetypeEntry)
      types.set(entry, type);
  }

  /** Members left out, filled once every rule is set, read by the part rules when they run. */
  const leftOut = new Set<string>();
  const fieldTexts = new Map<string, string>();
  const tokens = new Map<string, Map<string, number>>();
  const userFieldUses = (folder: string) => (field: string) => {
    let counts = tokens.get(folder);
    if (!counts) {
      counts = new Map();
      for (const part of ['content.xml', 'styles.xml'])
        for (const token of (
          fieldTexts.get(`${folder}${part}`.toLowerCase()) ?? ''
        ).split(NAME_DELIMITERS))
          if (token) counts.set(token, (counts.get(token) ?? 0) + 1);
      tokens.set(folder, counts);
    }
    // A name the token split would cut is taken as used: kept and reported, never lost.
    return isToken(field) ? (counts.get(field) ?? 0) : Infinity;
  };

  for (const [entry, type] of types) {
    const name = entry.name;
    const removed = REMOVED.find(([re]) => re.test(name));
    if (removed) {
      rules.set(entry, { kind: 'removed', field: removed[1], label: name });
      continue;
    }
    if (XML_NAME.test(name) || /[/+]xml$/i.test(type)) {
      const xml = await pkg.xml(entry);
      const root = rootName(xml);
      if (isUnknownName(root)) {
        rules.set(entry, {
          kind: 'removed',
          field: 'document.unknown-part',
          label: 'part in a namespace OpenDocument does not use',
        });
        continue;
      }
      // Metadata by name (part 2, 3.2) or by root: a meta part of another name holds the same.
      if (META.test(name) || root === META_ROOT) {
        const meta = metaFindings(name, xml);
        findings.push(...meta.findings);
        rules.set(
          entry,
          meta.findings.length
            ? { kind: 'bytes', bytes: minimalMeta(meta.version) }
            : {
                kind: 'xml',
                namespaces: ODF_NAMESPACES,
                rules: noRules,
              },
        );
        continue;
      }
      if (FIELD_PARTS.test(name)) fieldTexts.set(name.toLowerCase(), xml);
      const folder = name.slice(0, name.lastIndexOf('/') + 1);
      rules.set(entry, {
        kind: 'xml',
        namespaces: ODF_NAMESPACES,
        rules: (text, edits) => {
          const rules = odfPartRules(
            name,
            text,
            {
              userFieldUses: userFieldUses(folder),
              leftOut: (path) => leftOut.has(path.toLowerCase()),
            },
            edits,
          );
          const found: Finding[] = [];
          if (/^Object \d+\/content\.xml$/i.test(name))
            found.push(
              finding(
                'document.content',
                'embedded object',
                name,
                undefined,
                'review',
              ),
            );
          if (/^Basic\/.+script-lb\.xml$/i.test(name))
            found.push(
              finding('document.content', 'macros', name, undefined, 'review'),
            );
          return [rules, rdfaRules(name, edits), { done: () => found }];
        },
      });
      continue;
    }
    rules.set(
      entry,
      CONTENT_TYPE.test(type) || (await looksNested(pkg.src, entry))
        ? await contentRule(pkg.src, entry, { kind: 'content' })
        : {
            kind: 'removed',
            field: 'document.unknown-part',
            label: `member of type ${type.slice(0, 80)}`,
          },
    );
  }

  rules.set(
    mimetypeEntry,
    mimetypeEntry.method === METHOD_STORED
      ? { kind: 'content', text: true }
      : { kind: 'bytes', bytes: await pkg.bytes(mimetypeEntry), stored: true },
  );
  const remaining = new Set<string>();
  for (const [entry, rule] of rules)
    if (rule.kind !== 'removed') remaining.add(entry.name);
  for (const entry of pkg.zip.entries)
    if (!remaining.has(entry.name) && entry !== manifestEntry)
      leftOut.add(entry.name.toLowerCase());
  rules.set(manifestEntry, {
    kind: 'xml',
    namespaces: ODF_NAMESPACES,
    rules: (_xml, edits) => [manifestRules(remaining, edits)],
  });
  return { rules, findings, first: mimetypeEntry, format };
}
