import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../i18n/locales';
import {
  ARABIC_BLOG_SLUGS,
  BLOG_SLUGS,
  isBlogSlug,
  toArabicBlogSlug,
  toPortugueseBlogSlug,
} from '../../../i18n/blog-slugs';
import {
  allBlogRoutes,
  arabicBlogAliasPaths,
  canonicalPath,
  localizePath,
  matchRoute,
  switchLanguagePath,
} from '../../../i18n/routes';

// The thirteen Portuguese blog slugs the original site published.
const KNOWN_SLUGS = [
  'metadados-powerpoint',
  'lgpd-metadados',
  'metadados-audios',
  'metadados-excel',
  'perigos-metadados-documentos',
  'seguranca-dados-nuvem-metadados',
  'metadados-openoffice',
  'privacidade-fotografos-metadados',
  'verificar-metadados-arquivos',
  'futuro-privacidade-metadados',
  'metadados-redes-sociais',
  'o-que-e-seo-guia-completo',
  'tecnicas-avancadas-seo-2024',
];

describe('Arabic blog slug map', () => {
  it('has exactly the thirteen known slugs, each with a distinct Arabic counterpart', () => {
    expect(Object.keys(ARABIC_BLOG_SLUGS).sort()).toEqual(
      [...KNOWN_SLUGS].sort(),
    );
    const arabic = KNOWN_SLUGS.map(toArabicBlogSlug);
    expect(new Set(arabic).size).toBe(KNOWN_SLUGS.length);
    for (const [index, slug] of arabic.entries())
      expect(slug).not.toBe(KNOWN_SLUGS[index]);
  });

  it.each(KNOWN_SLUGS)('%s maps to Arabic and back', (slug) => {
    const arabic = toArabicBlogSlug(slug);
    expect(toPortugueseBlogSlug(arabic)).toBe(slug);
    expect(localizePath(`/blog/${slug}`, 'ae')).toBe(
      `/ae/almudawanat/${arabic}`,
    );
    expect(canonicalPath(`/ae/almudawanat/${arabic}`)).toBe(`/blog/${slug}`);
    expect(canonicalPath(`/ae/blog/${arabic}`)).toBe(`/blog/${slug}`);
  });

  it('passes unknown slugs through both ways, including prototype names', () => {
    for (const slug of [
      'novo-artigo',
      'constructor',
      '__proto__',
      'tostring',
    ]) {
      expect(toArabicBlogSlug(slug)).toBe(slug);
      expect(toPortugueseBlogSlug(slug)).toBe(slug);
    }
    expect(switchLanguagePath('/blog/novo-artigo', 'ae')).toBe(
      '/ae/almudawanat/novo-artigo',
    );
  });
});

describe('blog routes in the other variants', () => {
  it.each(['en', 'uk', 'au', 'ca', 'de', 'ch', 'it'] as const)(
    '%s reuses the Portuguese slug under its prefix',
    (code) => {
      expect(localizePath('/blog/metadados-excel', code)).toBe(
        `/${code}/blog/metadados-excel`,
      );
      expect(canonicalPath(`/${code}/blog/metadados-excel`)).toBe(
        '/blog/metadados-excel',
      );
      expect(matchRoute(`/${code}/blog`)).toEqual({
        locale: LOCALES[code],
        page: 'blog',
      });
    },
  );

  it('recognises /ae/blog/{slug} as the same article and rejects malformed slugs', () => {
    expect(matchRoute('/ae/blog/metadados-excel')).toEqual({
      locale: LOCALES.ae,
      page: 'blogPost',
      slug: 'metadados-excel',
    });
    expect(matchRoute('/blog/Bad_Slug')).toBeNull();
    expect(matchRoute('/blog/a/b')).toBeNull();
    expect(matchRoute('/en/almudawanat/x')).toBeNull();
  });

  it('switches an article between languages with the slug map', () => {
    expect(
      switchLanguagePath('/ae/almudawanat/ma-hu-seo-dalil-shamil', 'de'),
    ).toBe('/de/blog/o-que-e-seo-guia-completo');
  });
});

describe('blog routes the prerender walks', () => {
  it('lists the thirteen articles in the nine variants, and the Arabic aliases', () => {
    expect([...BLOG_SLUGS].sort()).toEqual([...KNOWN_SLUGS].sort());
    expect(KNOWN_SLUGS.every(isBlogSlug)).toBe(true);
    expect(isBlogSlug('constructor')).toBe(false);
    const routes = allBlogRoutes();
    expect(routes).toHaveLength(13 * 9);
    for (const { locale, slug, path } of routes)
      expect(matchRoute(path)).toEqual({ locale, page: 'blogPost', slug });
    const aliases = arabicBlogAliasPaths();
    expect(aliases).toHaveLength(13 * 3);
    for (const slug of BLOG_SLUGS) {
      const arabic = `/ae/almudawanat/${toArabicBlogSlug(slug)}`;
      for (const alias of [
        `/ae/blog/${toArabicBlogSlug(slug)}`,
        `/ae/blog/${slug}`,
        `/ae/almudawanat/${slug}`,
      ]) {
        expect(aliases).toContain(alias);
        expect(localizePath(canonicalPath(alias) ?? '', 'ae')).toBe(arabic);
      }
    }
  });
});
