import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, LOCALES, type LocaleCode } from '../../../i18n/locales';
import {
  PAGE_IDS,
  canonicalPath,
  localeFromPath,
  localizePath,
  matchRoute,
  pagePath,
  switchLanguagePath,
  type PageId,
} from '../../../i18n/routes';

// Spec 2.2, written out independently of i18n/route-table.ts: [pt, en, de, it, ar] per page.
const SPEC_TABLE: Record<PageId, [string, string, string, string, string]> = {
  home: ['', '', '', '', ''],
  tool: [
    '/remover-metadados',
    '/remove-metadata',
    '/metadaten-entfernen',
    '/rimuovi-metadati',
    '/izalat-albiyanat-alwasafiya',
  ],
  photos: [
    '/remover-metadados/fotos',
    '/remove-metadata/photos',
    '/metadaten-entfernen/fotos',
    '/rimuovi-metadati/foto',
    '/izalat-albiyanat-alwasafiya/suwar',
  ],
  videos: [
    '/remover-metadados/videos',
    '/remove-metadata/videos',
    '/metadaten-entfernen/videos',
    '/rimuovi-metadati/video',
    '/izalat-albiyanat-alwasafiya/fydywhat',
  ],
  documents: [
    '/remover-metadados/documentos',
    '/remove-metadata/documents',
    '/metadaten-entfernen/dokumente',
    '/rimuovi-metadati/documenti',
    '/izalat-albiyanat-alwasafiya/wathayiq',
  ],
  tiktok: [
    '/remover-metadados/tiktok',
    '/remove-metadata/tiktok',
    '/metadaten-entfernen/tiktok',
    '/rimuovi-metadati/tiktok',
    '/izalat-albiyanat-alwasafiya/tiktok',
  ],
  instagram: [
    '/remover-metadados/instagram',
    '/remove-metadata/instagram',
    '/metadaten-entfernen/instagram',
    '/rimuovi-metadati/instagram',
    '/izalat-albiyanat-alwasafiya/instagram',
  ],
  social: [
    '/remover-metadados/redes-sociais',
    '/remove-metadata/social-media',
    '/metadaten-entfernen/soziale-medien',
    '/rimuovi-metadati/social-media',
    '/izalat-albiyanat-alwasafiya/wasayil-altawasul-alaijtimaeii',
  ],
  howItWorks: [
    '/como-funciona',
    '/how-it-works',
    '/wie-es-funktioniert',
    '/come-funziona',
    '/kayf-yaemal',
  ],
  faq: [
    '/faq',
    '/faq',
    '/haeufige-fragen',
    '/domande-frequenti',
    '/alasyilat-almutakarrirat',
  ],
  about: ['/sobre', '/about', '/ueber-uns', '/chi-siamo', '/hawlana'],
  privacy: [
    '/politica-de-privacidade',
    '/privacy-policy',
    '/datenschutzrichtlinie',
    '/politica-privacy',
    '/sayasat-alkhususyt',
  ],
  terms: [
    '/termos-de-uso',
    '/terms-of-use',
    '/nutzungsbedingungen',
    '/termini-di-utilizzo',
    '/shurup-alaistikhdam',
  ],
  contact: ['/contato', '/contact', '/kontakt', '/contatti', '/alaitisal'],
  cookies: [
    '/configurar-cookies',
    '/cookie-settings',
    '/cookie-einstellungen',
    '/impostazioni-cookie',
    '/iedadat-alkukiz',
  ],
  blog: ['/blog', '/blog', '/blog', '/blog', '/almudawanat'],
};

const COLUMN: Record<LocaleCode, number> = {
  pt: 0,
  en: 1,
  uk: 1,
  au: 1,
  ca: 1,
  de: 2,
  ch: 2,
  it: 3,
  ae: 4,
};

function expectedPath(page: PageId, code: LocaleCode): string {
  const prefix = code === 'pt' ? '' : `/${code}`;
  return `${prefix}${SPEC_TABLE[page][COLUMN[code]]}` || '/';
}

const ROWS = LOCALE_CODES.flatMap((code) =>
  PAGE_IDS.map((page) => [code, page] as const),
);

describe('route table, every page in every variant', () => {
  it.each(ROWS)('%s %s: canonical -> localized', (code, page) => {
    expect(pagePath(page, code)).toBe(expectedPath(page, code));
    expect(localizePath(expectedPath(page, 'pt'), code)).toBe(
      expectedPath(page, code),
    );
  });

  it.each(ROWS)(
    '%s %s: localized -> canonical, page and locale',
    (code, page) => {
      const path = expectedPath(page, code);
      expect(canonicalPath(path)).toBe(expectedPath(page, 'pt'));
      expect(matchRoute(path)).toEqual({ locale: LOCALES[code], page });
      expect(localeFromPath(path).code).toBe(code);
    },
  );
});

describe('localeFromPath', () => {
  it('reads the first segment and falls back to Portuguese', () => {
    expect(localeFromPath('/ae/hawlana').dir).toBe('rtl');
    expect(localeFromPath('/ch').messageSet).toBe('de-CH');
    expect(localeFromPath('/english/page').code).toBe('pt');
    expect(localeFromPath('/pt/sobre').code).toBe('pt');
    expect(localeFromPath('/').code).toBe('pt');
  });
});

describe('matchRoute edge cases', () => {
  it('ignores a trailing slash, query and hash', () => {
    expect(matchRoute('/en/about/?x=1#top')).toEqual({
      locale: LOCALES.en,
      page: 'about',
    });
    expect(matchRoute('/de/')).toEqual({ locale: LOCALES.de, page: 'home' });
  });

  it('rejects unknown paths and other variants’ slugs', () => {
    expect(matchRoute('/nope')).toBeNull();
    expect(matchRoute('/en/sobre')).toBeNull();
    expect(matchRoute('/de/remove-metadata')).toBeNull();
    expect(matchRoute('/pt/sobre')).toBeNull();
    expect(canonicalPath('/it/unknown')).toBeNull();
    expect(localizePath('/en/about', 'de')).toBeNull();
  });
});

describe('switchLanguagePath', () => {
  it('keeps the visitor on the equivalent page', () => {
    expect(switchLanguagePath('/de/metadaten-entfernen/dokumente', 'it')).toBe(
      '/it/rimuovi-metadati/documenti',
    );
    expect(switchLanguagePath('/remover-metadados/redes-sociais', 'ae')).toBe(
      '/ae/izalat-albiyanat-alwasafiya/wasayil-altawasul-alaijtimaeii',
    );
    expect(switchLanguagePath('/ae/iedadat-alkukiz', 'pt')).toBe(
      '/configurar-cookies',
    );
  });

  it("falls back to the target's home", () => {
    expect(switchLanguagePath('/en/nowhere', 'de')).toBe('/de');
    expect(switchLanguagePath('/it/nowhere', 'pt')).toBe('/');
  });
});
