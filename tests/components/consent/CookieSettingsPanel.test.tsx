import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { ConsentBanner } from '../../../src/features/consent/ConsentBanner';
import { CookieSettingsPanel } from '../../../src/features/consent/CookieSettingsPanel';
import {
  CONSENT_KEY,
  PREFERENCES_KEY,
} from '../../../src/machines/consent-storage';
import { consentHarness } from './render-consent';

afterEach(cleanup);

const NONE = {
  necessary: true,
  analytics: false,
  marketing: false,
  preferences: false,
};
const MARKETING_ON = JSON.stringify({ ...NONE, marketing: true });

function switchNamed(name: string) {
  return screen.getByRole('switch', { name }) as HTMLInputElement;
}

describe('CookieSettingsPanel', () => {
  it('prerenders the defaults, never the stored choice', () => {
    const stored = { [CONSENT_KEY]: 'true', [PREFERENCES_KEY]: MARKETING_ON };
    const harness = consentHarness({ stored });
    const html = renderToString(
      harness.wrap(<CookieSettingsPanel />, { server: true }),
    );
    expect(html).toContain('Salvar preferências');
    expect(html.match(/checked=""/g)).toHaveLength(1);
  });

  it('shows the stored choice in the browser', () => {
    const stored = { [CONSENT_KEY]: 'true', [PREFERENCES_KEY]: MARKETING_ON };
    consentHarness({ stored }).render(<CookieSettingsPanel />);
    expect(switchNamed('Marketing').checked).toBe(true);
    expect(switchNamed('Análise').checked).toBe(false);
  });

  it('keeps necessary locked on', async () => {
    consentHarness().render(<CookieSettingsPanel />);
    const necessary = switchNamed('Necessários');
    await userEvent.setup().click(necessary);
    expect(necessary.checked).toBe(true);
    expect(necessary.disabled).toBe(true);
  });

  it('Save stores the choice and confirms it in place, with a link home', async () => {
    const harness = consentHarness({
      locale: 'de',
      path: '/de/cookie-einstellungen',
    });
    harness.render(<CookieSettingsPanel />);
    const user = userEvent.setup();
    await user.click(switchNamed('Statistik'));
    await user.click(
      screen.getByRole('button', { name: 'Einstellungen speichern' }),
    );
    expect(harness.storage.getItem(CONSENT_KEY)).toBe('true');
    expect(JSON.parse(harness.storage.getItem(PREFERENCES_KEY) ?? '')).toEqual({
      ...NONE,
      analytics: true,
    });
    const saved = screen.getByText(/Ihre Auswahl wurde gespeichert/);
    expect(saved.closest('[role="status"]')).toBeTruthy();
    expect(document.activeElement).toBe(saved);
    expect(
      screen
        .getByRole('link', { name: 'Zurück zur Startseite' })
        .getAttribute('href'),
    ).toBe('/de');
  });

  it('a change after saving takes the confirmation away', async () => {
    const harness = consentHarness({ path: '/configurar-cookies' });
    harness.render(<CookieSettingsPanel />);
    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', { name: 'Salvar preferências' }),
    );
    expect(harness.storage.getItem(CONSENT_KEY)).toBe('true');
    expect(screen.getByText(/Suas escolhas foram salvas/)).toBeTruthy();
    await user.click(switchNamed('Marketing'));
    expect(screen.queryByText(/Suas escolhas foram salvas/)).toBeNull();
  });

  it('Cancel goes home without saving', async () => {
    const stored = { [CONSENT_KEY]: 'true', [PREFERENCES_KEY]: MARKETING_ON };
    const harness = consentHarness({ locale: 'ae', path: '/ae', stored });
    harness.render(<CookieSettingsPanel />);
    const user = userEvent.setup();
    await user.click(switchNamed('التحليلات'));
    await user.click(screen.getByRole('button', { name: 'إلغاء' }));
    expect(harness.storage.getItem(PREFERENCES_KEY)).toBe(MARKETING_ON);
    expect(harness.location.history?.at(-1)).toBe('/ae');
  });

  it('saving here also hides the banner on the same page', async () => {
    const harness = consentHarness({ path: '/configurar-cookies' });
    harness.render(
      <>
        <CookieSettingsPanel />
        <ConsentBanner />
      </>,
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Salvar preferências' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
