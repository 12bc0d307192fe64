/**
 * The route table as data: one row per page, one path per slug family, without the
 * variant's prefix. English, German and Arabic columns serve several variants (see locales.ts).
 */
import type { SlugFamily } from './locales';

/**
 * The six remover pages under the general tool, in menu order: the one list the menus, the tool
 * pages and the uploader's per-page type lists read.
 */
export const REMOVER_PAGES = [
  'photos',
  'videos',
  'documents',
  'tiktok',
  'instagram',
  'social',
] as const;
export type RemoverPage = (typeof REMOVER_PAGES)[number];

export const PAGE_IDS = [
  'home',
  'tool',
  ...REMOVER_PAGES,
  'howItWorks',
  'faq',
  'about',
  'privacy',
  'terms',
  'contact',
  'cookies',
  'blog',
] as const;
/** A page with one fixed path per variant. Blog articles are `blogPost` with a slug (routes.ts). */
export type PageId = (typeof PAGE_IDS)[number];

export type PathsByFamily = Readonly<Record<SlugFamily, string>>;

const TOOL: PathsByFamily = {
  pt: '/remover-metadados',
  en: '/remove-metadata',
  de: '/metadaten-entfernen',
  it: '/rimuovi-metadati',
  ar: '/izalat-albiyanat-alwasafiya',
};

/** A tool sub-page: the tool path of its family plus a sub-slug. */
function underTool(sub: PathsByFamily): PathsByFamily {
  return {
    pt: `${TOOL.pt}/${sub.pt}`,
    en: `${TOOL.en}/${sub.en}`,
    de: `${TOOL.de}/${sub.de}`,
    it: `${TOOL.it}/${sub.it}`,
    ar: `${TOOL.ar}/${sub.ar}`,
  };
}

const same = (slug: string): PathsByFamily => ({
  pt: slug,
  en: slug,
  de: slug,
  it: slug,
  ar: slug,
});

export const ROUTE_TABLE: Readonly<Record<PageId, PathsByFamily>> = {
  home: same(''),
  tool: TOOL,
  photos: underTool({
    pt: 'fotos',
    en: 'photos',
    de: 'fotos',
    it: 'foto',
    ar: 'suwar',
  }),
  videos: underTool({
    pt: 'videos',
    en: 'videos',
    de: 'videos',
    it: 'video',
    ar: 'fydywhat',
  }),
  documents: underTool({
    pt: 'documentos',
    en: 'documents',
    de: 'dokumente',
    it: 'documenti',
    ar: 'wathayiq',
  }),
  tiktok: underTool(same('tiktok')),
  instagram: underTool(same('instagram')),
  social: underTool({
    pt: 'redes-sociais',
    en: 'social-media',
    de: 'soziale-medien',
    it: 'social-media',
    ar: 'wasayil-altawasul-alaijtimaeii',
  }),
  howItWorks: {
    pt: '/como-funciona',
    en: '/how-it-works',
    de: '/wie-es-funktioniert',
    it: '/come-funziona',
    ar: '/kayf-yaemal',
  },
  faq: {
    pt: '/faq',
    en: '/faq',
    de: '/haeufige-fragen',
    it: '/domande-frequenti',
    ar: '/alasyilat-almutakarrirat',
  },
  about: {
    pt: '/sobre',
    en: '/about',
    de: '/ueber-uns',
    it: '/chi-siamo',
    ar: '/hawlana',
  },
  privacy: {
    pt: '/politica-de-privacidade',
    en: '/privacy-policy',
    de: '/datenschutzrichtlinie',
    it: '/politica-privacy',
    ar: '/sayasat-alkhususyt',
  },
  terms: {
    pt: '/termos-de-uso',
    en: '/terms-of-use',
    de: '/nutzungsbedingungen',
    it: '/termini-di-utilizzo',
    ar: '/shurup-alaistikhdam',
  },
  contact: {
    pt: '/contato',
    en: '/contact',
    de: '/kontakt',
    it: '/contatti',
    ar: '/alaitisal',
  },
  // Spec 2.2 shows the Arabic cookie path only in Arabic script; this is its transliteration
  // (إعدادات الكوكيز) in the style of the other Arabic slugs.
  cookies: {
    pt: '/configurar-cookies',
    en: '/cookie-settings',
    de: '/cookie-einstellungen',
    it: '/impostazioni-cookie',
    ar: '/iedadat-alkukiz',
  },
  blog: { ...same('/blog'), ar: '/almudawanat' },
};

/** Arabic also recognises `/ae/blog/{slug}` for an article; its canonical is almudawanat. */
export const ARABIC_BLOG_ALIAS = '/blog';
