import { expect, type Page } from '@playwright/test';
import type { LocaleCode } from '../../../i18n/locales';
import { pagePath } from '../../../i18n/routes';
import {
  CONSENT_KEY,
  LEGACY_GERMAN_PREFERENCES_KEY,
  PREFERENCES_KEY,
} from '../../../src/machines/consent-storage';

export { CONSENT_KEY, LEGACY_GERMAN_PREFERENCES_KEY, PREFERENCES_KEY };

export const NONE = {
  necessary: true,
  analytics: false,
  marketing: false,
  preferences: false,
};
export const ALL = {
  necessary: true,
  analytics: true,
  marketing: true,
  preferences: true,
};

/** Button and switch names per variant, as the message sets write them. */
export const TEXT = {
  pt: {
    acceptAll: 'Aceitar todos',
    necessaryOnly: 'Só necessários',
    customize: 'Personalizar',
    rejectAll: 'Rejeitar todos',
    save: 'Salvar escolhas',
    marketing: 'Marketing',
    analytics: 'Análise',
    settingsSave: 'Salvar preferências',
    cancel: 'Cancelar',
  },
  de: {
    acceptAll: 'Alle akzeptieren',
    necessaryOnly: 'Nur notwendige',
    customize: 'Anpassen',
    rejectAll: 'Alle ablehnen',
    save: 'Auswahl speichern',
    marketing: 'Marketing',
    analytics: 'Statistik',
    settingsSave: 'Einstellungen speichern',
    cancel: 'Abbrechen',
  },
  it: {
    acceptAll: 'Accetta tutti',
    necessaryOnly: 'Solo necessari',
    customize: 'Personalizza',
    rejectAll: 'Rifiuta tutti',
    save: 'Salva le scelte',
    marketing: 'Marketing',
    analytics: 'Analisi',
    settingsSave: 'Salva preferenze',
    cancel: 'Annulla',
  },
  ae: {
    acceptAll: 'قبول الكل',
    necessaryOnly: 'الضرورية فقط',
    customize: 'تخصيص',
    rejectAll: 'رفض الكل',
    save: 'حفظ الاختيارات',
    marketing: 'التسويق',
    analytics: 'التحليلات',
    settingsSave: 'حفظ التفضيلات',
    cancel: 'إلغاء',
  },
} as const;

export type TestedLocale = keyof typeof TEXT;
export const TESTED_LOCALES: readonly TestedLocale[] = ['pt', 'de', 'it', 'ae'];

export const homePath = (code: LocaleCode) => pagePath('home', code);
export const settingsPath = (code: LocaleCode) => pagePath('cookies', code);

export const banner = (page: Page) => page.getByRole('dialog');

/** Waits until the page has hydrated and read the stored choice (ConsentBanner marks `<html>`). */
export async function expectConsentState(
  page: Page,
  state: 'decided' | 'undecided',
) {
  await expect(page.locator('html')).toHaveAttribute('data-consent', state);
}

export async function stored(page: Page) {
  return page.evaluate(
    ([consentKey, preferencesKey, legacyKey]) => ({
      consent: localStorage.getItem(consentKey),
      preferences: JSON.parse(localStorage.getItem(preferencesKey) ?? 'null'),
      legacy: localStorage.getItem(legacyKey),
    }),
    [CONSENT_KEY, PREFERENCES_KEY, LEGACY_GERMAN_PREFERENCES_KEY] as const,
  );
}
