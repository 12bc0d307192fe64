/**
 * The EPUB container as the driver's policy (EPUB 3.3, OCF and package document sections): a
 * member is kept only when the container names it (the package documents) or a package
 * document's manifest lists it with a media type we know. What a reading app adds beside the
 * book, a second package document the container does not name, a linked metadata record (ONIX)
 * and anything else goes. Content documents are chosen by media type, not by extension, and
 * pictures and media are cleaned by the engine by their bytes.
 */
import { EngineError } from '../../errors';
import type { FieldId } from '../../fields';
import type { Finding } from '../../findings';
import {
  attribute,
  decodeEntities,
  localName,
  walkXml,
} from '../../shared/xml';
import {
  METHOD_STORED,
  noRules,
  isFont,
  recognisedContent,
  UNCHECKED_PART,
  resolvePart,
  resultRules,
  type MemberRule,
  type PackagePlan,
  type PackageReader,
  type ZipEntry,
} from '../../shared/zip';
import { mintIdentifier } from './identifier';
import { EPUB_NAMESPACES, XHTML_NAMESPACES } from './namespaces';
import {
  ENCRYPTION_NAMESPACES,
  obfuscatedFonts,
  obfuscationKey,
  xorHead,
} from './obfuscation';
import { rewriteNcx } from './ncx';
import { rewriteOpf } from './opf';
import { localLinks } from './links';
import { inlineStyles } from './styles';
import { rewriteXhtml } from './xhtml';
import { isStyleSheet, styleSheetRule } from './style-sheet';
import { activeContent, isScript, scriptMember } from './active-content';

const CONTAINER = 'META-INF/container.xml';
const ENCRYPTION = 'META-INF/encryption.xml';
/**
 * Apple Books' display options (fixed layout, embedded fonts, orientation): how a reader shows
 * the book, nothing about who made it. Recognised, so kept, through the XML pass like any part.
 */
const APPLE_DISPLAY_OPTIONS = 'META-INF/com.apple.ibooks.display-options.xml';
const PACKAGE_TYPE = 'application/oebps-package+xml';
const XHTML_TYPE = /^(application\/xhtml\+xml|text\/html)$/i;
const NCX_TYPE = 'application/x-dtbncx+xml';
/** Core media types (EPUB 3.3, section 3.2) kept as content; SVG is cleaned by its own module. */
const CONTENT_TYPE =
  /^(image\/(gif|jpeg|png|svg\+xml|webp)|audio\/(mpeg|mp4|ogg|opus)|video\/[\w.+-]+|font\/[\w.+-]+|application\/(font-sfnt|font-woff|vnd\.ms-opentype|x-font-(ttf|otf|truetype|opentype))|text\/(css|javascript)|application\/(javascript|ecmascript|smil\+xml|pls\+xml))$/i;
/** The content types above whose resources are files of their own, not text the book keeps. */
const BINARY_TYPE =
  /^(image\/(gif|jpeg|png|svg\+xml|webp)|audio\/|video\/|font\/|application\/(font-|vnd\.ms-opentype|x-font-))/i;
/** Files reading apps add that a package document may still list. */
const REMOVED: readonly [RegExp, FieldId][] = [
  // A reader's bookmarks and reading positions.
  [/(^|\/)calibre_bookmarks\.txt$/i, 'document.extra-part'],
  [/(^|\/)iTunesMetadata(-original)?\.plist$/i, 'document.people-part'],
  [/(^|\/)iTunesArtwork$/i, 'document.extra-part'],
];

interface Item {
  readonly entry: ZipEntry;
  readonly href: string;
  readonly type: string;
}

function rootFiles(xml: string): string[] {
  const paths: string[] = [];
  walkXml(
    xml,
    {
      open(el) {
        if (el.name !== 'rootfile') return;
        const type = attribute(el, 'media-type')?.raw;
        const path = attribute(el, 'full-path')?.raw;
        if (path && (!type || type === PACKAGE_TYPE))
          paths.push(decodeEntities(path));
      },
    },
    EPUB_NAMESPACES,
  );
  return paths;
}

/** The manifest items of a package document and the hrefs its metadata links to. */
function manifestOf(xml: string): {
  items: { href: string; type: string }[];
  links: string[];
} {
  const items: { href: string; type: string }[] = [];
  const links: string[] = [];
  walkXml(
    xml,
    {
      open(el) {
        const local = localName(el.name);
        const href = decodeEntities(attribute(el, 'href')?.raw ?? '');
        if (
          local === 'item' &&
          el.parent &&
          localName(el.parent.name) === 'manifest'
        )
          items.push({
            href,
            type: decodeEntities(attribute(el, 'media-type')?.raw ?? ''),
          });
        else if (local === 'link' && href) links.push(href);
      },
    },
    EPUB_NAMESPACES,
  );
  return { items, links };
}

export async function epubPolicy(pkg: PackageReader): Promise<PackagePlan> {
  const mimetype = pkg.zip.byName.get('mimetype');
  if (!mimetype)
    throw new EngineError('corrupt', 'EPUB without a mimetype member');
  const container = pkg.find(CONTAINER);
  if (!container)
    throw new EngineError('corrupt', 'EPUB without META-INF/container.xml');
  const opfs = rootFiles(await pkg.xml(container))
    .map((p) => pkg.find(p))
    .filter((e): e is ZipEntry => e !== undefined);
  if (!opfs.length)
    throw new EngineError('corrupt', 'EPUB package document missing');

  const rules = new Map<ZipEntry, MemberRule>();
  const findings: Finding[] = [];
  const freshId = mintIdentifier();
  let identifierReplaced = false;
  const encryption = pkg.find(ENCRYPTION);
  const fonts = encryption
    ? await fontRules(
        pkg,
        obfuscatedFonts(await pkg.xml(encryption)),
        rewriteOpf(opfs[0]!.name, await pkg.xml(opfs[0]!), freshId, new Set()),
        freshId,
      )
    : new Map<ZipEntry, MemberRule>();
  if (encryption)
    rules.set(encryption, {
      kind: 'xml',
      namespaces: ENCRYPTION_NAMESPACES,
      rules: noRules,
    });
  const items = new Map<ZipEntry, Item>();
  const removedHrefs = new Map<ZipEntry, Set<string>>();
  for (const opf of opfs) {
    const { items: listed, links } = manifestOf(await pkg.xml(opf));
    const linked = new Set(
      links.map((l) => pkg.find(resolvePart(opf.name, l))).filter(Boolean),
    );
    const gone = new Set<string>();
    for (const { href, type } of listed) {
      const entry = pkg.find(resolvePart(opf.name, href));
      if (!entry || entry === opf || entry === container || entry === mimetype)
        continue;
      const removed = REMOVED.find(([re]) => re.test(entry.name));
      if (removed || linked.has(entry) || !knownType(type)) {
        gone.add(href);
        rules.set(entry, {
          kind: 'removed',
          field:
            removed?.[1] ??
            (linked.has(entry)
              ? 'document.extra-part'
              : 'document.unknown-part'),
          ...(linked.has(entry) || removed
            ? {}
            : { label: `resource of type ${type.slice(0, 80)}` }),
        });
        continue;
      }
      const font = fonts.get(entry);
      if (font) {
        if (font.kind === 'removed') gone.add(href);
        rules.set(entry, font);
        continue;
      }
      // A binary resource (a picture, a font, media) whose bytes nothing recognises goes.
      if (
        BINARY_TYPE.test(type) &&
        !rules.has(entry) &&
        !(await recognisedContent(pkg.src, entry))
      ) {
        gone.add(href);
        rules.set(entry, UNCHECKED_PART);
        continue;
      }
      if (!items.has(entry)) items.set(entry, { entry, href, type });
    }
    removedHrefs.set(opf, gone);
  }
  for (const entry of rules.keys()) items.delete(entry);

  for (const opf of opfs) {
    const xml = await pkg.xml(opf);
    const r = rewriteOpf(opf.name, xml, freshId, removedHrefs.get(opf)!);
    identifierReplaced ||= r.identifierReplaced;
    rules.set(opf, {
      kind: 'xml',
      namespaces: EPUB_NAMESPACES,
      rules: resultRules(() => r),
    });
  }
  for (const { entry, type } of items.values()) {
    if (XHTML_TYPE.test(type))
      rules.set(entry, {
        kind: 'xml',
        namespaces: XHTML_NAMESPACES,
        rules: (xml, edits) => [
          ...resultRules((text) => rewriteXhtml(entry.name, text))(xml, edits),
          localLinks(entry.name, edits),
          inlineStyles(entry.name, xml, edits),
          activeContent(entry.name),
        ],
      });
    else if (type.toLowerCase() === NCX_TYPE)
      rules.set(entry, {
        kind: 'xml',
        namespaces: EPUB_NAMESPACES,
        rules: resultRules((text) =>
          rewriteNcx(entry.name, text, identifierReplaced ? freshId : null),
        ),
      });
    else if (isStyleSheet(type))
      rules.set(entry, await styleSheetRule(pkg, entry, findings));
    else if (isScript(type)) {
      rules.set(entry, { kind: 'content', text: true });
      findings.push(scriptMember(entry.name));
    } else
      rules.set(
        entry,
        BINARY_TYPE.test(type)
          ? { kind: 'content' }
          : { kind: 'content', text: true },
      );
  }
  rules.set(container, {
    kind: 'xml',
    namespaces: EPUB_NAMESPACES,
    rules: noRules,
  });
  const displayOptions = pkg.find(APPLE_DISPLAY_OPTIONS);
  if (displayOptions && !rules.has(displayOptions))
    rules.set(displayOptions, { kind: 'xml', rules: noRules });
  rules.set(
    mimetype,
    mimetype.method === METHOD_STORED
      ? { kind: 'content', text: true }
      : { kind: 'bytes', bytes: await pkg.bytes(mimetype), stored: true },
  );
  return { rules, findings, first: mimetype };
}

/**
 * Each obfuscated font's rule: restored with the key of the book's identifier and checked as a
 * font, then obfuscated with the key of the identifier the copy gets (the same one when it keeps
 * its own); a member that is no font once restored, or whose key cannot be made, goes.
 */
async function fontRules(
  pkg: PackageReader,
  fonts: ReadonlyMap<string, string>,
  opf: { identifier: string; identifierReplaced: boolean },
  freshId: string,
): Promise<Map<ZipEntry, MemberRule>> {
  const rules = new Map<ZipEntry, MemberRule>();
  for (const [path, algorithm] of fonts) {
    const entry = pkg.find(resolvePart('', path));
    if (!entry || rules.has(entry)) continue;
    const key = await obfuscationKey(algorithm, opf.identifier);
    const next = opf.identifierReplaced
      ? await obfuscationKey(algorithm, freshId)
      : key;
    const plain = key ? xorHead(await pkg.bytes(entry), key) : null;
    rules.set(
      entry,
      plain && next && isFont(plain, plain.length)
        ? { kind: 'bytes', bytes: xorHead(plain, next) }
        : UNCHECKED_PART,
    );
  }
  return rules;
}

function knownType(type: string): boolean {
  return (
    XHTML_TYPE.test(type) ||
    type.toLowerCase() === NCX_TYPE ||
    CONTENT_TYPE.test(type)
  );
}
