/**
 * Reads the head of a prerendered page from its HTML text, so head checks need an HTTP request,
 * not a browser. Our own build writes these tags, one per line, with double-quoted attributes.
 */

export interface ParsedHead {
  lang: string | undefined;
  dir: string | undefined;
  title: string | undefined;
  description: string | undefined;
  canonical: string | undefined;
  robots: string | undefined;
  csp: string | undefined;
  alternates: Record<string, string>;
  h1: string | undefined;
  /** The web app manifest the page links. */
  manifest: string | undefined;
  themeColor: string | undefined;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  // React writes an apostrophe in text as &#x27;.
  '&#x27;': "'",
};

export function decodeEntities(text: string): string {
  return text.replace(
    /&(?:amp|lt|gt|quot|#39|#x27);/g,
    (entity) => ENTITIES[entity] ?? entity,
  );
}

function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
  return value === undefined ? undefined : decodeEntities(value);
}

function tags(html: string, name: string): string[] {
  return html.match(new RegExp(`<${name}\\b[^>]*>`, 'gi')) ?? [];
}

function findTag(html: string, name: string, where: (tag: string) => boolean) {
  return tags(html, name).find(where);
}

export function parseHead(html: string): ParsedHead {
  const htmlTag = tags(html, 'html')[0] ?? '';
  const links = tags(html, 'link');
  const meta = (name: string) =>
    findTag(html, 'meta', (tag) => attribute(tag, 'name') === name);
  const alternates: Record<string, string> = {};
  for (const link of links.filter(
    (tag) => attribute(tag, 'rel') === 'alternate',
  )) {
    const hreflang = attribute(link, 'hreflang');
    if (hreflang) alternates[hreflang] = attribute(link, 'href') ?? '';
  }
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const h1 = /<h1\b[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
  const cspTag = findTag(
    html,
    'meta',
    (tag) => attribute(tag, 'http-equiv') === 'Content-Security-Policy',
  );
  return {
    lang: attribute(htmlTag, 'lang'),
    dir: attribute(htmlTag, 'dir'),
    title: title === undefined ? undefined : decodeEntities(title),
    description: attribute(meta('description') ?? '', 'content'),
    canonical: attribute(
      links.find((tag) => attribute(tag, 'rel') === 'canonical') ?? '',
      'href',
    ),
    robots: attribute(meta('robots') ?? '', 'content'),
    csp: cspTag ? attribute(cspTag, 'content') : undefined,
    alternates,
    h1: h1 === undefined ? undefined : decodeEntities(h1),
    manifest: attribute(
      links.find((tag) => attribute(tag, 'rel') === 'manifest') ?? '',
      'href',
    ),
    themeColor: attribute(meta('theme-color') ?? '', 'content'),
  };
}
