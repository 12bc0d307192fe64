import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { ALL_LOCALES, type Locale } from '../../../i18n/locales';
import { SHELL_FEATURES, loadMessages } from '../../../i18n/messages';
import { PAGE_IDS, pagePath } from '../../../i18n/routes';
import { App } from '../../../src/app/App';
import { messageIdsIn } from '../../helpers/message-ids';

/**
 * Every page of every variant rendered as the prerender renders it: the shell's messages only,
 * each page loading its own features. A header or footer that names a message of a feature its
 * page does not load shows the id itself ("privacy.title"): that fails here.
 */

const NOT_FOUND_PATH = '/pagina-que-nao-existe';

function pathsOf(locale: Locale): string[] {
  return [
    ...PAGE_IDS.map((page) => pagePath(page, locale.code)),
    `${locale.prefix}${NOT_FOUND_PATH}`,
  ];
}

async function renderedText(locale: Locale, path: string) {
  const errors: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args) => {
    errors.push(args.map(String).join(' '));
  });
  const messages = await loadMessages(locale.messageSet, SHELL_FEATURES);
  const app = <App locale={locale} messages={messages} ssrPath={path} />;
  // The first pass loads the page's lazy chunk and its messages; the second renders them whole.
  await prerender(app);
  const html = renderToString(app);
  spy.mockRestore();
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('script').forEach((node) => node.remove());
  return { text: doc.body.textContent ?? '', errors };
}

describe('the words of every page, as prerendered', () => {
  for (const locale of ALL_LOCALES) {
    it(`${locale.code}: no page shows a message id, in its header, body or footer`, async () => {
      for (const path of pathsOf(locale)) {
        const { text, errors } = await renderedText(locale, path);
        expect(messageIdsIn(text), path).toEqual([]);
        expect(errors, `${path}: missing messages`).toEqual([]);
      }
    }, 60_000);
  }
});
