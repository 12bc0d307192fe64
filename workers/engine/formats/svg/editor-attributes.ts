/** Namespace scopes and the editor attributes of a kept element (with their declarations). */
import { finding, type Finding } from '../../findings';
import {
  declaredPrefix,
  inEditorNamespace,
  isDroppableNamespace,
  namespaceKind,
  resolveEntities,
  type Scope,
} from './namespaces';
import { holdsLocalPath } from '../../shared/xml';
import type { Attribute, Range } from './tokenizer';
import { editorAttributeField } from './values';
import { xmlText } from '../../shared/xml';

export interface AttributeEdit {
  readonly removal: Range;
  readonly finding: Finding;
}

const LOCATION = 'svg';
const latin1 = new TextDecoder('latin1');

function uriOf(
  bytes: Uint8Array,
  attribute: Attribute,
  entities: ReadonlyMap<string, string>,
): string {
  const raw = latin1.decode(
    bytes.subarray(attribute.valueStart, attribute.valueEnd),
  );
  return resolveEntities(raw, entities);
}

/** The parent's scope plus this element's `xmlns` declarations. */
export function scopeOf(
  parent: Scope,
  bytes: Uint8Array,
  attributes: readonly Attribute[],
  entities: ReadonlyMap<string, string>,
): Scope {
  const declarations = attributes.filter(
    (a) => declaredPrefix(a.name) !== null,
  );
  if (declarations.length === 0) return parent;
  const scope = new Map(parent);
  for (const a of declarations)
    scope.set(declaredPrefix(a.name)!, uriOf(bytes, a, entities));
  return scope;
}

function editFor(
  bytes: Uint8Array,
  attribute: Attribute,
  scope: Scope,
  entities: ReadonlyMap<string, string>,
): Finding | null {
  const { name } = attribute;
  const prefix = declaredPrefix(name);
  if (prefix) {
    const uri = uriOf(bytes, attribute, entities);
    if (!isDroppableNamespace(uri)) return null;
    const field =
      namespaceKind(uri) === 'editor' ? 'software.detail' : 'other.data';
    return finding(field, name, LOCATION, uri);
  }
  if (prefix !== null || !inEditorNamespace(name, scope)) return null;
  const value = xmlText(
    bytes.subarray(attribute.valueStart, attribute.valueEnd),
  );
  const field = holdsLocalPath(value)
    ? 'identifier.file-name'
    : editorAttributeField(name);
  return finding(field, name, LOCATION, value);
}

/** Editor attributes and editor `xmlns:` declarations to drop, each with its report item. */
export function editorAttributeEdits(
  bytes: Uint8Array,
  attributes: readonly Attribute[],
  scope: Scope,
  entities: ReadonlyMap<string, string>,
): AttributeEdit[] {
  return attributes.flatMap((attribute) => {
    const found = editFor(bytes, attribute, scope, entities);
    const removal = { start: attribute.start, end: attribute.end };
    return found ? [{ removal, finding: found }] : [];
  });
}
