import { describe, expect, it } from 'vitest';
import { ALL_LOCALES, LOCALES } from '../../../i18n/locales';
import { loadMessages, withFallback } from '../../../i18n/messages';

describe('locale registry', () => {
  it('lists the nine variants with their hreflang values', () => {
    expect(ALL_LOCALES.map((l) => l.hreflang)).toEqual([
      'pt',
      'en',
      'en-GB',
      'en-AU',
      'en-CA',
      'de',
      'de-CH',
      'it',
      'ar-AE',
    ]);
  });

  it('maps each variant to its message set and direction', () => {
    const sets = Object.fromEntries(
      ALL_LOCALES.map((l) => [l.code, l.messageSet]),
    );
    expect(sets).toEqual({
      pt: 'pt',
      en: 'en',
      uk: 'en-GB',
      au: 'en-GB',
      ca: 'en',
      de: 'de',
      ch: 'de-CH',
      it: 'it',
      ae: 'ar',
    });
    expect(
      ALL_LOCALES.filter((l) => l.dir === 'rtl').map((l) => l.code),
    ).toEqual(['ae']);
    expect(LOCALES.ae.lang).toBe('ar');
    expect(LOCALES.pt.prefix).toBe('');
  });
});

describe('message fallback', () => {
  it('fills ids a set lacks from Portuguese and keeps its own texts', () => {
    const merged = withFallback({ a: 'own' }, { a: 'pt a', b: 'pt b' });
    expect(merged).toEqual({ a: 'own', b: 'pt b' });
  });

  it('merges every feature folder of a set', async () => {
    const messages: Record<string, string> = await loadMessages('de');
    const portuguese: Record<string, string> = await loadMessages('pt');
    expect(Object.keys(messages).sort()).toEqual(
      Object.keys(portuguese).sort(),
    );
  });
});
