import type { HeadData } from '../app/head';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** The head tags of one page: title, description, robots, canonical, alternates, and
 * on the blog the feed link or an article's structured data. */
export function headHtml(head: HeadData): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
  ];
  if (head.noindex) tags.push('<meta name="robots" content="noindex">');
  if (head.canonical)
    tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  for (const { hreflang, href } of head.alternates) {
    tags.push(
      `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}">`,
    );
  }
  if (head.feed) {
    tags.push(
      `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(head.feed.title)}" href="${escapeHtml(head.feed.href)}">`,
    );
  }
  // The JSON is already safe inside a script element: head.ts escapes every '<'.
  if (head.jsonLd)
    tags.push(`<script type="application/ld+json">${head.jsonLd}</script>`);
  return tags.join('\n    ');
}
