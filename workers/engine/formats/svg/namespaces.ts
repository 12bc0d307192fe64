/**
 * Which vocabulary a namespace URI names. Matched on the URI normalised the way a careless or
 * hostile writer varies it (scheme, `www.`, case, trailing `/` or `#`), and editors also by the
 * vendor's name anywhere in the URI, so `https://INKSCAPE.org/namespaces/inkscape/` and
 * `http://inkscape.example/ns` are still Inkscape. The prefix is the author's choice and never
 * counts.
 */
export type NamespaceKind = 'drawing' | 'metadata' | 'editor' | 'foreign';

/** What a renderer reads: SVG, XLink, XML, and what foreignObject may hold (XHTML, MathML). */
const DRAWING_NAMESPACES = new Set(
  [
    'http://www.w3.org/2000/svg',
    'http://www.w3.org/1999/xlink',
    'http://www.w3.org/XML/1998/namespace',
    'http://www.w3.org/1999/xhtml',
    'http://www.w3.org/1998/Math/MathML',
    'http://www.w3.org/2001/xml-events',
  ].map(normalizeUri),
);
/** Vocabularies of document metadata (Dublin Core, Creative Commons, RDF, XMP). */
const METADATA_NAMESPACES = new Set(
  [
    'http://purl.org/dc/elements/1.1/',
    'http://purl.org/dc/terms/',
    'http://creativecommons.org/ns#',
    'http://web.resource.org/cc/',
    'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
    'adobe:ns:meta/',
  ].map(normalizeUri),
);
/**
 * Editors and the vendors whose vocabularies only carry editor state: Inkscape, Sodipodi, Sketch
 * (Bohemian Coding), Affinity (Serif), Figma, Krita, Illustrator and every XMP schema (Adobe),
 * CorelDRAW, Boxy SVG, Vectornator, Gravit, openswatchbook.
 */
const EDITOR_VENDOR =
  /inkscape|sodipodi|bohemiancoding|sketch|serif\.com|figma|krita|adobe|corel|boxy-?svg|vectornator|gravit|openswatchbook/;
/** Hand-written SVG often uses `xlink:href` without declaring it; renderers still follow it. */
const UNDECLARED_DRAWING_PREFIXES = new Set(['xlink', 'svg']);

/** `HTTPS://www.Inkscape.org/ns/` and `http://inkscape.org/ns` compare equal. */
export function normalizeUri(uri: string): string {
  return uri
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/#]+$/, '');
}

export function namespaceKind(uri: string): NamespaceKind {
  const normalized = normalizeUri(uri);
  if (DRAWING_NAMESPACES.has(normalized)) return 'drawing';
  if (METADATA_NAMESPACES.has(normalized)) return 'metadata';
  if (EDITOR_VENDOR.test(normalized)) return 'editor';
  return 'foreign';
}

export type Scope = ReadonlyMap<string, string>;

export function isMetadataNamespace(uri: string): boolean {
  return namespaceKind(uri) === 'metadata';
}

/** Editor state or metadata: either way nothing the drawing needs. */
export function isEditorNamespace(uri: string): boolean {
  const kind = namespaceKind(uri);
  return kind === 'editor' || kind === 'metadata';
}

/**
 * True when a prefixed declaration's namespace is no drawing vocabulary: a renderer ignores
 * attributes and elements in it, so dropping them changes no pixel.
 */
export function isDroppableNamespace(uri: string): boolean {
  return namespaceKind(uri) !== 'drawing';
}

export function prefixOf(name: string): string | null {
  const colon = name.indexOf(':');
  return colon > 0 ? name.slice(0, colon) : null;
}

export function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/**
 * True when a qualified name (element or attribute) is outside every drawing vocabulary: a
 * prefixed name in an editor, metadata or unknown namespace, or with a prefix never declared
 * (which no namespace-aware reader accepts anyway). Unprefixed elements are in the default
 * namespace, dropped only when it is an editor's or metadata's.
 */
export function inEditorNamespace(name: string, scope: Scope): boolean {
  const prefix = prefixOf(name);
  if (prefix === 'xml' || prefix === 'xmlns') return false;
  if (prefix === null) {
    const uri = scope.get('');
    return uri !== undefined && isEditorNamespace(uri);
  }
  const uri = scope.get(prefix);
  if (uri === undefined) return !UNDECLARED_DRAWING_PREFIXES.has(prefix);
  return isDroppableNamespace(uri);
}

/** `xmlns:p` declarations name a prefix; `xmlns` alone the default namespace (key ''). */
export function declaredPrefix(attribute: string): string | null {
  if (attribute === 'xmlns') return '';
  return attribute.startsWith('xmlns:')
    ? attribute.slice('xmlns:'.length)
    : null;
}

const ENTITY_REFERENCE = /&([A-Za-z_][\w.-]*);/g;

export function resolveEntities(
  value: string,
  entities: ReadonlyMap<string, string>,
): string {
  return value.replace(
    ENTITY_REFERENCE,
    (ref, name: string) => entities.get(name) ?? ref,
  );
}
