import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { ConsentBanner } from '../../../src/features/consent/ConsentBanner';
import {
  CONSENT_KEY,
  LEGACY_GERMAN_PREFERENCES_KEY,
  PREFERENCES_KEY,
} from '../../../src/machines/consent-storage';
import { consentHarness } from './render-consent';

afterEach(() => {
  cleanup();
  delete document.documentElement.dataset.consent;
});

const NONE = {
  necessary: true,
  analytics: false,
  marketing: false,
  preferences: false,
};

function storedPreferences(harness: ReturnType<typeof consentHarness>) {
  return JSON.parse(harness.storage.getItem(PREFERENCES_KEY) ?? 'null');
}

function showBanner() {
  const harness = consentHarness();
  harness.render(<ConsentBanner />);
  return {
    harness,
    user: userEvent.setup(),
    banner: screen.getByRole('dialog'),
  };
}

describe('ConsentBanner visibility', () => {
  it('is never in the prerendered HTML, even on a first visit', () => {
    const harness = consentHarness();
    expect(
      renderToString(harness.wrap(<ConsentBanner />, { server: true })),
    ).toBe('');
  });

  it('shows in the browser when nothing is stored, named by its title', () => {
    showBanner();
    expect(
      screen.getByRole('dialog', { name: 'Sua privacidade vem primeiro' }),
    ).toBeTruthy();
  });

  it('stays hidden when a decision is stored', () => {
    consentHarness({ stored: { [CONSENT_KEY]: 'false' } }).render(
      <ConsentBanner />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays hidden for a visitor with the legacy German key', () => {
    const stored = { [LEGACY_GERMAN_PREFERENCES_KEY]: JSON.stringify(NONE) };
    consentHarness({ locale: 'de', stored }).render(<ConsentBanner />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks the page undecided, then decided, for styles and browser tests', async () => {
    const { user } = showBanner();
    expect(document.documentElement.dataset.consent).toBe('undecided');
    await user.click(screen.getByRole('button', { name: 'Aceitar todos' }));
    expect(document.documentElement.dataset.consent).toBe('decided');
  });

  it('moves focus into the banner when it appears', () => {
    const { banner } = showBanner();
    expect(banner.contains(document.activeElement)).toBe(true);
  });
});

describe('ConsentBanner collapsed view', () => {
  it('Accept all stores every category and hides the banner', async () => {
    const { harness, user } = showBanner();
    await user.click(screen.getByRole('button', { name: 'Aceitar todos' }));
    expect(harness.storage.getItem(CONSENT_KEY)).toBe('true');
    expect(storedPreferences(harness)).toEqual({
      necessary: true,
      analytics: true,
      marketing: true,
      preferences: true,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Necessary only stores consent with the optional categories off', async () => {
    const { harness, user } = showBanner();
    await user.click(screen.getByRole('button', { name: 'Só necessários' }));
    expect(harness.storage.getItem(CONSENT_KEY)).toBe('true');
    expect(storedPreferences(harness)).toEqual(NONE);
  });

  it('the close button acts as necessary only', async () => {
    const { harness, user } = showBanner();
    await user.click(
      screen.getByRole('button', {
        name: 'Fechar e aceitar só os necessários',
      }),
    );
    expect(harness.storage.getItem(CONSENT_KEY)).toBe('true');
    expect(storedPreferences(harness)).toEqual(NONE);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ConsentBanner and the keyboard', () => {
  it('Escape acts as the close button: necessary only', async () => {
    const { harness, user } = showBanner();
    await user.keyboard('{Escape}');
    expect(harness.storage.getItem(CONSENT_KEY)).toBe('true');
    expect(storedPreferences(harness)).toEqual(NONE);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ConsentBanner detailed view', () => {
  async function openDetails() {
    const shown = showBanner();
    await shown.user.click(
      screen.getByRole('button', { name: 'Personalizar' }),
    );
    return shown;
  }

  it('shows one labelled switch per category, necessary locked on', async () => {
    await openDetails();
    const switches = screen.getAllByRole('switch') as HTMLInputElement[];
    expect(switches).toHaveLength(4);
    const necessary = screen.getByRole('switch', {
      name: 'Necessários',
    }) as HTMLInputElement;
    expect(necessary.checked).toBe(true);
    expect(necessary.disabled).toBe(true);
    for (const name of ['Análise', 'Marketing', 'Preferências']) {
      const optional = screen.getByRole('switch', { name }) as HTMLInputElement;
      expect(optional.checked).toBe(false);
      expect(optional.disabled).toBe(false);
    }
  });

  it('moves focus to the detailed view', async () => {
    await openDetails();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Escolha seus cookies' }),
    );
  });

  it('Save stores exactly the switched-on categories', async () => {
    const { harness, user } = await openDetails();
    await user.click(screen.getByRole('switch', { name: 'Análise' }));
    await user.click(screen.getByRole('button', { name: 'Salvar escolhas' }));
    expect(harness.storage.getItem(CONSENT_KEY)).toBe('true');
    expect(storedPreferences(harness)).toEqual({ ...NONE, analytics: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Reject all stores refused consent', async () => {
    const { harness, user } = await openDetails();
    await user.click(screen.getByRole('switch', { name: 'Marketing' }));
    await user.click(screen.getByRole('button', { name: 'Rejeitar todos' }));
    expect(harness.storage.getItem(CONSENT_KEY)).toBe('false');
    expect(storedPreferences(harness)).toEqual(NONE);
  });

  it('Accept all from the detailed view stores every category', async () => {
    const { harness, user } = await openDetails();
    await user.click(screen.getByRole('button', { name: 'Aceitar todos' }));
    expect(harness.storage.getItem(CONSENT_KEY)).toBe('true');
    expect(storedPreferences(harness).marketing).toBe(true);
  });

  it('Escape closes the detailed view, stores nothing and returns focus to Customize', async () => {
    const { harness, user } = await openDetails();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Personalizar' }),
    );
    expect(harness.storage.getItem(CONSENT_KEY)).toBeNull();
  });

  it('Back returns to the collapsed view', async () => {
    const { user } = await openDetails();
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.getByRole('button', { name: 'Personalizar' })).toBeTruthy();
  });
});

describe('ConsentBanner in other languages', () => {
  it('speaks Arabic in the Arabic variant', async () => {
    const harness = consentHarness({ locale: 'ae', path: '/ae' });
    harness.render(<ConsentBanner />);
    const banner = screen.getByRole('dialog', { name: 'خصوصيتك أولًا' });
    await userEvent
      .setup()
      .click(within(banner).getByRole('button', { name: 'قبول الكل' }));
    expect(harness.storage.getItem(CONSENT_KEY)).toBe('true');
  });

  it('uses only logical CSS properties, so right to left needs no second stylesheet', () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const cssPath = join(here, '../../../src/features/consent/consent.css');
    const css = readFileSync(cssPath, 'utf8');
    expect(css).toContain('inset-inline');
    expect(css).not.toMatch(
      /\b(left|right)\s*:|-(left|right)\b|text-align:\s*(left|right)/,
    );
  });
});
