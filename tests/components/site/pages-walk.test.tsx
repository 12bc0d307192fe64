import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_LOCALES,
  MESSAGE_SETS,
  type Locale,
  type MessageSet,
} from '../../../i18n/locales';
import type { Messages } from '../../../i18n/messages';
import { PAGE_IDS, pagePath, type PageId } from '../../../i18n/routes';
import { App } from '../../../src/app/App';

/**
 * Walks every page of every variant, rendered as the prerender does but with each message set
 * alone (no Portuguese fallback), so a missing message, a message left in Portuguese or a visible
 * placeholder fails here instead of reaching a visitor.
 */

const FILES = import.meta.glob<Record<string, string>>(
  '../../../i18n/messages/*/*.json',
  { eager: true, import: 'default' },
);

function rawSet(set: MessageSet): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [path, messages] of Object.entries(FILES)) {
    if (path.endsWith(`/${set}.json`)) Object.assign(merged, messages);
  }
  return merged;
}

function featureOf(path: string): string {
  return path.split('/').at(-2) ?? '';
}

/** The blog belongs to its own issue; the not-found page is rendered from an unknown path. */
const WALKED: readonly (PageId | 'notFound')[] = [
  ...PAGE_IDS.filter((page) => page !== 'blog'),
  'notFound',
];

const TOOL_PAGES = new Set<string>([
  'tool',
  'photos',
  'videos',
  'documents',
  'tiktok',
  'instagram',
  'social',
]);

const MIN_TOOL_PAGE_WORDS = 180;

function pathOf(page: PageId | 'notFound', locale: Locale): string {
  return page === 'notFound'
    ? `${locale.prefix}/pagina-que-nao-existe`
    : pagePath(page, locale.code);
}

interface RenderedPage {
  readonly main: HTMLElement;
  readonly errors: string[];
}

/** Renders as the prerender does: once the page's lazy chunk and its messages have loaded. */
async function renderPage(locale: Locale, path: string): Promise<RenderedPage> {
  const errors: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args) => {
    errors.push(args.map(String).join(' '));
  });
  const app = (
    <App
      locale={locale}
      messages={rawSet(locale.messageSet) as Messages}
      ssrPath={path}
    />
  );
  // The first pass loads the page's lazy chunk and its messages; the second renders them whole.
  await prerender(app);
  const html = renderToString(app);
  spy.mockRestore();
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const main = doc.querySelector('main');
  if (!main) throw new Error(`${path} rendered no <main>`);
  return { main, errors };
}

/** What a visitor reads in the page body: scripts (structured data) and the uploader left out. */
function bodyText(main: HTMLElement, withUploader: boolean): string {
  const copy = main.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('script').forEach((node) => node.remove());
  if (!withUploader)
    copy.querySelectorAll('.uploader-slot').forEach((node) => node.remove());
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function wordCount(text: string): number {
  return text.split(' ').filter((word) => /\p{L}/u.test(word)).length;
}

/** Text that means a message was not filled in: ICU syntax, message ids, stand-in words. */
const PLACEHOLDERS: readonly RegExp[] = [
  /[{}]/,
  /\b[a-z]+[A-Za-z]*(?:\.[a-zA-Z0-9]+){2,}\b/, // a message id such as tool.photos.title
  /\b(?:TODO|TBD|FIXME|XXX|undefined|NaN)\b/,
  /lorem ipsum/i,
  /\[object /,
];

const BRAND_SUFFIX = ' | MetaClean';

/** Portuguese and Italian write headings and buttons in sentence case: only names are capitalized. */
const SENTENCE_CASE_SETS = new Set<MessageSet>(['pt', 'it']);
const NAMES =
  /^(?:MetaClean|TikTok|Instagram|Facebook|WhatsApp|Meta|X|FAQ|GPS|EXIF|[A-Z0-9]{2,})$/;

/** Words capitalized mid-sentence that are not names: "Remover Metadados Agora". */
function titleCaseWords(text: string): string[] {
  return text
    .split(/[.?!:·]\s*/)
    .flatMap((sentence) => sentence.trim().split(/\s+/).slice(1))
    .map((word) => word.replace(/^\p{P}+|\p{P}+$/gu, ''))
    .filter((word) => /^\p{Lu}\p{Ll}/u.test(word) && !NAMES.test(word));
}

afterEach(() => vi.restoreAllMocks());

describe('every page of every variant', () => {
  const counts: Record<string, Record<string, number>> = {};

  for (const locale of ALL_LOCALES) {
    it(`${locale.code}: every page renders from its own messages, headed by its title, with no placeholder left`, async () => {
      const messages = rawSet(locale.messageSet);
      for (const page of WALKED) {
        const path = pathOf(page, locale);
        const { main, errors } = await renderPage(locale, path);
        expect(errors, `${path}: missing or broken messages`).toEqual([]);

        const text = bodyText(main, true);
        for (const pattern of PLACEHOLDERS) {
          expect(text, `${path} shows ${String(pattern)}`).not.toMatch(pattern);
        }

        if (SENTENCE_CASE_SETS.has(locale.messageSet)) {
          for (const node of main.querySelectorAll(
            'h1, h2, h3, button, .button, .card-title, summary',
          )) {
            const label = node.textContent ?? '';
            expect(titleCaseWords(label), `${path}: "${label}"`).toEqual([]);
          }
        }

        const headings = main.querySelectorAll('h1');
        expect(headings, `${path}: one h1`).toHaveLength(1);
        expect(
          `${headings[0]?.textContent ?? ''}${BRAND_SUFFIX}`,
          `${path}: the h1 is the title`,
        ).toBe(messages[`meta.${page}.title`]);

        const words = wordCount(bodyText(main, false));
        (counts[locale.code] ??= {})[page] = words;
        if (TOOL_PAGES.has(page)) {
          expect(
            words,
            `${path}: a tool page needs ${MIN_TOOL_PAGE_WORDS} words`,
          ).toBeGreaterThanOrEqual(MIN_TOOL_PAGE_WORDS);
        }
      }
    }, 60_000);
  }

  afterAll(() => {
    // Body words per page (the uploader left out), for the closing note.
    if (process.env.PRINT_WORD_COUNTS) console.table(counts);
  });
});

/**
 * Messages that may read the same as Portuguese: names and formats, and words that are spelled
 * the same in both languages. Anything else identical to Portuguese was not translated.
 */
const SAME_AS_PORTUGUESE: Readonly<Record<string, readonly MessageSet[]>> = {
  'consent.category.marketing.name': ['en', 'en-GB', 'de', 'de-CH', 'it'],
  'about.values.free.title': ['it'], // Gratuito
  'contact.name': ['it'], // Nome
  'contact.email': ['it'], // E-mail
  'footer.legal': ['en', 'en-GB'], // Legal
  'remover.photos.name': ['de', 'de-CH'], // Fotos
  'report.category.software': ['en', 'en-GB', 'de', 'de-CH', 'it'],
  'report.value.exposure': ['en', 'en-GB', 'de', 'de-CH', 'it'], // 1/{denominator} s
  'report.field.author': ['de', 'de-CH'], // Autor
  'report.field.altitude': ['en', 'en-GB'], // Altitude
  'report.field.date': ['it'], // Data
  'report.field.thumbnail': ['it'], // Miniatura
  'report.summary.time': ['it'], // quando
  'report.content.original': ['en', 'en-GB', 'de', 'de-CH'], // Original
  'report.phrase.macros': ['en', 'en-GB'], // macros
  'report.phrase.script': ['en', 'en-GB', 'it'], // script
  'report.phrase.element': ['it'], // elemento 0x{name}
  // Only placeholders: an archive member's name, then its part's.
  'report.content.in-member': ['en', 'en-GB', 'de', 'de-CH', 'it', 'ar'],
};

/** Names, formats, acronyms, numbers, placeholders and punctuation: the same in every language. */
const LANGUAGE_NEUTRAL =
  /^(?:\s|[\p{P}\p{S}\d]|\{[^}]*\}|MetaClean|TikTok|Instagram|Facebook|WhatsApp|FAQ|Blog|[A-Z0-9]{2,})*$/u;

describe('message sets', () => {
  it('translate every message that is not a name or a format', () => {
    const untranslated: string[] = [];
    for (const [path, messages] of Object.entries(FILES)) {
      const set = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
      if (set === 'pt' || !(MESSAGE_SETS as readonly string[]).includes(set))
        continue;
      const portuguese = FILES[path.replace(/[^/]+\.json$/, 'pt.json')] ?? {};
      for (const [id, text] of Object.entries(messages)) {
        if (text !== portuguese[id]) continue;
        if (LANGUAGE_NEUTRAL.test(text)) continue;
        if (SAME_AS_PORTUGUESE[id]?.includes(set as MessageSet)) continue;
        untranslated.push(`${featureOf(path)}/${set}.json "${id}": ${text}`);
      }
    }
    expect(untranslated).toEqual([]);
  });
});

/** The law whose rights each variant's privacy policy explains, and laws it must not cite instead. */
const PRIVACY_LAW: Readonly<
  Record<Locale['code'], { cites: RegExp; notCites: RegExp }>
> = {
  pt: { cites: /LGPD/, notCites: /GDPR|RGPD/ },
  en: {
    cites: /General Data Protection Regulation/,
    notCites: /UK GDPR|PIPEDA/,
  },
  uk: { cites: /UK GDPR/, notCites: /Privacy Act 1988/ },
  au: { cites: /Privacy Act 1988/, notCites: /GDPR/ },
  ca: { cites: /PIPEDA/, notCites: /GDPR/ },
  de: { cites: /DSGVO/, notCites: /EDÖB/ },
  ch: { cites: /Bundesgesetz über den Datenschutz.*EDÖB/, notCites: /DSGVO/ },
  it: { cites: /GDPR.*Garante/, notCites: /LGPD/ },
  ae: { cites: /رقم 45 لسنة 2021/, notCites: /GDPR/ },
};

describe('the privacy policy of each variant', () => {
  it('explains the rights under the law of its audience, with the same operator and date', async () => {
    for (const locale of ALL_LOCALES) {
      const path = pagePath('privacy', locale.code);
      const text = bodyText((await renderPage(locale, path)).main, true);
      const law = PRIVACY_LAW[locale.code];
      expect(text, path).toMatch(law.cites);
      expect(text, path).not.toMatch(law.notCites);
      expect(text, path).toContain('2026');
      expect(text, path).toMatch(/\b20\b/);
    }
  }, 30_000);
});
