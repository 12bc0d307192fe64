import { describe, expect, it } from 'vitest';
import { localizeLinks } from '../../../src/pages/BlogArticlePage';

describe('article links', () => {
  it('point route: links at the pages of the variant being read', () => {
    const html =
      '<a href="route:documents">a</a> <a href="route:blogPost/lgpd-metadados">b</a>';
    expect(localizeLinks(html, 'uk')).toBe(
      '<a href="/uk/remove-metadata/documents">a</a> <a href="/uk/blog/lgpd-metadados">b</a>',
    );
    expect(localizeLinks(html, 'ae')).toBe(
      '<a href="/ae/izalat-albiyanat-alwasafiya/wathayiq">a</a> <a href="/ae/almudawanat/lgpd-albiyanat-alwasafiya">b</a>',
    );
    expect(localizeLinks(html, 'pt')).toContain(
      'href="/remover-metadados/documentos"',
    );
  });

  it('leave an unknown page id alone rather than invent a path', () => {
    expect(localizeLinks('<a href="route:nope">x</a>', 'de')).toBe(
      '<a href="route:nope">x</a>',
    );
  });
});
