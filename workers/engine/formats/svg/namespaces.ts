/**
 * Namespaces that carry editor state or document metadata, never drawing: a tag or attribute in
 * one of them is dropped. Matched by URI (the prefix is the author's choice), after entity
 * references in the declaration are resolved (Illustrator writes `xmlns:i="&ns_ai;"`).
 */
const EDITOR_NAMESPACES = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://inkscape.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.bohemiancoding.com/sketch/ns',
  'http://www.serif.com/',
  'http://www.figma.com/figma/ns',
  'http://krita.org/namespaces/svg/krita',
  'http://www.openswatchbook.org/uri/2009/osb',
]);
/** Vocabularies of document metadata (Dublin Core, Creative Commons, RDF, XMP). */
const METADATA_NAMESPACES = new Set([
  'http://purl.org/dc/elements/1.1/',
  'http://purl.org/dc/terms/',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'adobe:ns:meta/',
]);
/** Illustrator (i:, x:, graph:, a:, ...) and every XMP schema live under this prefix. */
const ADOBE_NAMESPACE_PREFIX = 'http://ns.adobe.com/';
/** Prefixes that mean an editor even when the file forgot to declare them. */
const UNDECLARED_EDITOR_PREFIXES = new Set(['inkscape', 'sodipodi']);

export type Scope = ReadonlyMap<string, string>;

export function isMetadataNamespace(uri: string): boolean {
  return METADATA_NAMESPACES.has(uri);
}

/** Editor state or metadata: either way nothing the drawing needs. */
export function isEditorNamespace(uri: string): boolean {
  return (
    EDITOR_NAMESPACES.has(uri) ||
    METADATA_NAMESPACES.has(uri) ||
    uri.startsWith(ADOBE_NAMESPACE_PREFIX)
  );
}

export function prefixOf(name: string): string | null {
  const colon = name.indexOf(':');
  return colon > 0 ? name.slice(0, colon) : null;
}

export function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/** True when a qualified name (element or attribute) belongs to an editor namespace. */
export function inEditorNamespace(name: string, scope: Scope): boolean {
  const prefix = prefixOf(name);
  if (prefix === null || prefix === 'xml' || prefix === 'xmlns') return false;
  const uri = scope.get(prefix);
  return uri === undefined
    ? UNDECLARED_EDITOR_PREFIXES.has(prefix)
    : isEditorNamespace(uri);
}

/** `xmlns:p` declarations name a prefix; `xmlns` alone the default namespace (key ''). */
export function declaredPrefix(attribute: string): string | null {
  if (attribute === 'xmlns') return '';
  return attribute.startsWith('xmlns:')
    ? attribute.slice('xmlns:'.length)
    : null;
}

const ENTITY_DECLARATION = /<!ENTITY\s+([^\s%]+)\s+(["'])([^"']*)\2/g;
const ENTITY_REFERENCE = /&([A-Za-z_][\w.-]*);/g;

/** General entities declared in a DOCTYPE's internal subset. */
export function entitiesOf(doctype: string): Map<string, string> {
  const entities = new Map<string, string>();
  for (const [, name, , value] of doctype.matchAll(ENTITY_DECLARATION))
    entities.set(name!, value!);
  return entities;
}

export function resolveEntities(
  value: string,
  entities: ReadonlyMap<string, string>,
): string {
  return value.replace(
    ENTITY_REFERENCE,
    (ref, name: string) => entities.get(name) ?? ref,
  );
}
