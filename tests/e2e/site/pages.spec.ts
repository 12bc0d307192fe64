import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ALL_LOCALES, LOCALES, type LocaleCode } from '../../../i18n/locales';
import { PAGE_IDS, matchRoute, pagePath } from '../../../i18n/routes';
import { decodeEntities } from '../helpers/html';
import { gotoHydrated, withConsentDecided } from '../helpers/page';
import { siteText } from '../helpers/site';

test.beforeEach(async ({ page }) => withConsentDecided(page));

test('FAQ: one answer open at a time, an open one closes, and the keyboard works', async ({
  page,
}) => {
  await gotoHydrated(page, '/en/faq');
  const items = page.locator('details.faq-item');
  const questions = page.locator('.faq-question');
  await expect(items).toHaveCount(6);

  await questions.nth(0).click();
  await expect(items.nth(0)).toHaveAttribute('open', '');
  await expect(items.nth(0).locator('.faq-answer')).toBeVisible();
  await questions.nth(1).click();
  await expect(items.nth(0)).not.toHaveAttribute('open', '');
  await expect(items.nth(1).locator('.faq-answer')).toBeVisible();
  await questions.nth(1).click();
  await expect(page.locator('details[open]')).toHaveCount(0);

  await questions.nth(2).focus();
  await page.keyboard.press('Enter');
  await expect(items.nth(2)).toHaveAttribute('open', '');
  await page.keyboard.press('Tab');
  await expect(questions.nth(3)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(items.nth(3)).toHaveAttribute('open', '');
  await expect(page.locator('details[open]')).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(page.locator('details[open]')).toHaveCount(0);
});

// Plain HTTP: the structured data is in the prerendered HTML, readable without JavaScript.
test('every FAQ page carries FAQPage structured data with its six questions', async ({
  request,
}) => {
  for (const locale of ALL_LOCALES) {
    const path = pagePath('faq', locale.code);
    const html = await (await request.get(path)).text();
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(
      html,
    )?.[1];
    expect(json, path).toBeTruthy();
    const data = JSON.parse(json ?? '{}') as {
      '@type': string;
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(data['@type'], path).toBe('FAQPage');
    expect(data.mainEntity, path).toHaveLength(6);
    const questions = [
      ...html.matchAll(/<summary class="faq-question">([^<]*)</g),
    ].map((match) =>
      decodeEntities((match[1] ?? '').replaceAll('&#x27;', "'")),
    );
    expect(
      data.mainEntity.map((entry) => entry.name),
      path,
    ).toEqual(questions);
    for (const { acceptedAnswer } of data.mainEntity) {
      expect(acceptedAnswer.text, path).not.toMatch(/[{}]/);
    }
  }
});

const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;

async function submitContact(page: Page, code: LocaleCode) {
  await page
    .getByRole('button', {
      name: siteText(LOCALES[code].messageSet, 'contact.send'),
    })
    .click();
}

for (const code of ['pt', 'de', 'it', 'ae'] as const) {
  const set = LOCALES[code].messageSet;
  const text = (id: string) => siteText(set, id);
  const field = (page: Page, name: (typeof CONTACT_FIELDS)[number]) =>
    page.getByLabel(text(`contact.${name}`), { exact: true });

  test(`${code}: the contact form names each invalid field in the page's language, then builds the mailto: link`, async ({
    page,
  }) => {
    await gotoHydrated(page, pagePath('contact', code));
    await submitContact(page, code);
    for (const name of CONTACT_FIELDS) {
      await expect(field(page, name)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator(`#contact-${name}-error`)).toHaveText(
        text(`contact.error.${name}`),
      );
    }
    await expect(field(page, 'name')).toBeFocused();

    await field(page, 'name').fill('Ana Souza');
    await field(page, 'email').fill('ana@');
    await field(page, 'subject').fill('Olá & ciao');
    await field(page, 'message').fill('Linha 1\nمرحبا');
    await submitContact(page, code);
    await expect(page.locator('.field-error')).toHaveCount(1);
    await expect(page.locator('#contact-email-error')).toHaveText(
      text('contact.error.emailInvalid'),
    );
    await expect(field(page, 'email')).toBeFocused();

    await field(page, 'email').fill('ana@example.com');
    await submitContact(page, code);
    await expect(page.locator('.field-error')).toHaveCount(0);
    const link = page.getByRole('status').getByRole('link');
    const href = (await link.getAttribute('href')) ?? '';
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe(await link.textContent());
    expect(url.searchParams.get('subject')).toBe('Olá & ciao');
    expect(url.searchParams.get('body')).toBe(
      'Linha 1\nمرحبا\n\nAna Souza <ana@example.com>',
    );
    if (code === 'ae') {
      await expect(field(page, 'email')).toHaveAttribute('dir', 'auto');
      await expect(field(page, 'message')).toHaveAttribute('dir', 'auto');
    }
  });
}

// Plain HTTP over every variant: each related-tool card links to a page of the same variant.
test('every related-tool card leads to a page that exists in the same variant', async ({
  request,
}) => {
  for (const locale of ALL_LOCALES) {
    for (const from of ['documents', 'tiktok', 'social'] as const) {
      const path = pagePath(from, locale.code);
      const html = await (await request.get(path)).text();
      const list = /<ul class="card-grid related-tools">(.*?)<\/ul>/s.exec(
        html,
      )?.[1];
      const hrefs = [...(list ?? '').matchAll(/href="([^"]+)"/g)].map(
        (match) => match[1] ?? '',
      );
      expect(hrefs, path).toHaveLength(3);
      for (const href of hrefs) {
        const match = matchRoute(href);
        expect(match?.locale.code, `${path} -> ${href}`).toBe(locale.code);
        expect((await request.get(href)).status(), href).toBe(200);
      }
    }
  }
});

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

for (const code of ['pt', 'ae'] as const) {
  test(`${code}: no page has a serious or critical axe violation`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const paths = [
      ...PAGE_IDS.map((id) => pagePath(id, code)),
      `${LOCALES[code].prefix}/nao-existe`,
    ];
    const blocking: string[] = [];
    for (const path of paths) {
      await gotoHydrated(page, path);
      const results = await new AxeBuilder({ page }).analyze();
      for (const violation of results.violations) {
        if (!BLOCKING_IMPACTS.has(violation.impact ?? '')) continue;
        const targets = violation.nodes.map((node) => node.target).join(' | ');
        blocking.push(`${path} ${violation.id}: ${targets}`);
      }
    }
    expect(blocking).toEqual([]);
  });
}
