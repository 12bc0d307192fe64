/**
 * Arabic counterparts of the thirteen known Portuguese blog slugs. Other languages reuse
 * the Portuguese slug unchanged; unknown slugs pass through in both directions.
 */
export const ARABIC_BLOG_SLUGS: Readonly<Record<string, string>> = {
  'metadados-powerpoint': 'albiyanat-alwasafiya-powerpoint',
  'lgpd-metadados': 'lgpd-albiyanat-alwasafiya',
  'metadados-audios': 'albiyanat-alwasafiya-lilsawtiyat',
  'metadados-excel': 'albiyanat-alwasafiya-excel',
  'perigos-metadados-documentos': 'makhatir-albiyanat-alwasafiya-fi-alwathayiq',
  'seguranca-dados-nuvem-metadados':
    'amn-albiyanat-alsahabiya-wa-albiyanat-alwasafiya',
  'metadados-openoffice': 'albiyanat-alwasafiya-openoffice',
  'privacidade-fotografos-metadados':
    'khususiyat-almusawirin-wa-albiyanat-alwasafiya',
  'verificar-metadados-arquivos': 'fahs-albiyanat-alwasafiya-lilmilafat',
  'futuro-privacidade-metadados':
    'mustaqbal-alkhususiya-wa-albiyanat-alwasafiya',
  'metadados-redes-sociais': 'albiyanat-alwasafiya-wasayil-altawasul',
  'o-que-e-seo-guia-completo': 'ma-hu-seo-dalil-shamil',
  'tecnicas-avancadas-seo-2024': 'taqniyat-seo-mutaqadima-2024',
};

// Maps, not object lookups, so a slug such as "constructor" cannot hit Object.prototype.
const ARABIC_BY_PORTUGUESE = new Map(Object.entries(ARABIC_BLOG_SLUGS));
const PORTUGUESE_BY_ARABIC = new Map(
  Object.entries(ARABIC_BLOG_SLUGS).map(([pt, ar]) => [ar, pt]),
);

/** Portuguese slug -> Arabic slug; unknown slugs pass through. */
export function toArabicBlogSlug(portugueseSlug: string): string {
  return ARABIC_BY_PORTUGUESE.get(portugueseSlug) ?? portugueseSlug;
}

/** Arabic slug -> Portuguese slug; unknown slugs pass through. */
export function toPortugueseBlogSlug(arabicSlug: string): string {
  return PORTUGUESE_BY_ARABIC.get(arabicSlug) ?? arabicSlug;
}

/** The thirteen articles, by their Portuguese slug: what the prerender, sitemap and feeds walk. */
export const BLOG_SLUGS: readonly string[] = Object.keys(ARABIC_BLOG_SLUGS);

export function isBlogSlug(portugueseSlug: string): boolean {
  return ARABIC_BY_PORTUGUESE.has(portugueseSlug);
}
