/**
 * Active content: `<script>`, event handler attributes (`onload`, `onclick`, ...) and
 * `javascript:` URLs, including ones an animation sets. It is part of what the drawing does, not
 * metadata about its author, so it is kept (removing it would change the document); the report
 * lists it so the visitor checks it before sharing, and the site never opens a download in its
 * own origin.
 */
import { xmlText } from '../../shared/xml';
import { finding, type Finding } from '../../findings';
import { localName, resolveEntities } from './namespaces';
import type { Attribute } from './tokenizer';

const LOCATION = 'svg';
/** HTML and SVG event handler content attributes all start with `on`. */
const EVENT_HANDLER = /^on[a-z]+$/i;
/** URL parsers drop ASCII tab and newline and leading control characters and spaces. */
const URL_NOISE = /[\p{Cc} ]/gu;
const JAVASCRIPT_URL = /javascript:/i;

export function activeElement(name: string): Finding | null {
  return localName(name).toLowerCase() === 'script'
    ? finding('document.content', '<script>', LOCATION, undefined, 'review')
    : null;
}

/**
 * An attribute that runs script. Its value is read as a reader reads it, the file's own
 * entities expanded: `href="&js;"` with `<!ENTITY js "javascript:...">` is a javascript: URL.
 */
export function activeAttribute(
  bytes: Uint8Array,
  attribute: Attribute,
  entities: ReadonlyMap<string, string> = new Map(),
): Finding | null {
  const value = resolveEntities(
    xmlText(bytes.subarray(attribute.valueStart, attribute.valueEnd)),
    entities,
  );
  if (EVENT_HANDLER.test(attribute.name))
    return finding(
      'document.content',
      attribute.name,
      LOCATION,
      value,
      'review',
    );
  if (JAVASCRIPT_URL.test(value.replace(URL_NOISE, '')))
    return finding(
      'document.content',
      'javascript: URL',
      LOCATION,
      value,
      'review',
    );
  return null;
}
