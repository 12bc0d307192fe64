import {
  NECESSARY_ONLY,
  OPTIONAL_CATEGORIES,
  withNecessary,
  type CookieCategories,
  type OptionalChoices,
} from './consent-categories';

/** The part of the Web Storage API the consent model needs; tests pass an in-memory fake. */
export type ConsentStorage = Pick<
  Storage,
  'getItem' | 'setItem' | 'removeItem'
>;

/** Consent given or refused: `'true'` or `'false'`; absent means not decided. */
export const CONSENT_KEY = 'cookie-consent';
/** JSON of the four categories. */
export const PREFERENCES_KEY = 'cookie-preferences';
/** The original German settings page stored its preferences here, without a consent key. */
export const LEGACY_GERMAN_PREFERENCES_KEY = 'cookiePreferences';
/** The original banner's name for the category the rest of the site called `preferences`. */
const LEGACY_PREFERENCES_FIELD = 'functional';

export type UndecidedReason = 'absent' | 'corrupt' | 'unavailable';

export type StoredConsent =
  | {
      readonly status: 'decided';
      readonly consent: boolean;
      readonly categories: CookieCategories;
    }
  | { readonly status: 'undecided'; readonly reason: UndecidedReason };

const ABSENT: StoredConsent = { status: 'undecided', reason: 'absent' };
const CORRUPT: StoredConsent = { status: 'undecided', reason: 'corrupt' };
const UNAVAILABLE: StoredConsent = {
  status: 'undecided',
  reason: 'unavailable',
};

type ParsedChoices = OptionalChoices | 'corrupt';

/** Reads the field under its name or its legacy name; absent is false, anything not boolean is corrupt. */
function readFlag(
  record: Record<string, unknown>,
  name: string,
): boolean | 'corrupt' {
  const value =
    record[name] ??
    (name === 'preferences' ? record[LEGACY_PREFERENCES_FIELD] : undefined);
  if (value === undefined) return false;
  return typeof value === 'boolean' ? value : 'corrupt';
}

function parseChoices(json: string): ParsedChoices {
  let record: unknown;
  try {
    record = JSON.parse(json);
  } catch {
    return 'corrupt';
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record))
    return 'corrupt';
  const choices: Partial<Record<string, boolean>> = {};
  for (const category of OPTIONAL_CATEGORIES) {
    const flag = readFlag(record as Record<string, unknown>, category);
    if (flag === 'corrupt') return 'corrupt';
    choices[category] = flag;
  }
  return choices as OptionalChoices;
}

function parseConsent(raw: string | null): boolean | null | 'corrupt' {
  if (raw === null) return null;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return 'corrupt';
}

function decide(consent: boolean | null, json: string | null): StoredConsent {
  if (consent === false)
    return { status: 'decided', consent, categories: NECESSARY_ONLY };
  if (json === null) {
    return consent === true
      ? { status: 'decided', consent, categories: NECESSARY_ONLY }
      : ABSENT;
  }
  const choices = parseChoices(json);
  if (choices === 'corrupt') return CORRUPT;
  // Preferences without a consent key come from the original settings pages (the German one wrote
  // only `cookiePreferences`): saving there was a decision with consent, so we do not ask again.
  return {
    status: 'decided',
    consent: true,
    categories: withNecessary(choices),
  };
}

/**
 * Reads the stored decision, including the original site's legacy keys and field names.
 * Anything unreadable counts as not decided, so the visitor is asked again.
 */
export function readStoredConsent(storage: ConsentStorage): StoredConsent {
  try {
    const consent = parseConsent(storage.getItem(CONSENT_KEY));
    if (consent === 'corrupt') return CORRUPT;
    const json =
      storage.getItem(PREFERENCES_KEY) ??
      storage.getItem(LEGACY_GERMAN_PREFERENCES_KEY);
    return decide(consent, json);
  } catch {
    return UNAVAILABLE;
  }
}

/**
 * True when storage holds a decision in the current format only: nothing for the consent module
 * to ask or to rewrite, so a page need not load it.
 */
export function decidedInCurrentFormat(storage: ConsentStorage): boolean {
  try {
    if (storage.getItem(LEGACY_GERMAN_PREFERENCES_KEY) !== null) return false;
    const preferences = storage.getItem(PREFERENCES_KEY);
    if (
      preferences !== null &&
      preferences.includes(`"${LEGACY_PREFERENCES_FIELD}"`)
    )
      return false;
    return readStoredConsent(storage).status === 'decided';
  } catch {
    return false;
  }
}

/** Writes a decision in the one current format and drops the legacy key. */
export function writeStoredConsent(
  storage: ConsentStorage,
  consent: boolean,
  categories: CookieCategories,
): void {
  const record: CookieCategories = consent ? categories : NECESSARY_ONLY;
  try {
    storage.setItem(CONSENT_KEY, String(consent));
    storage.setItem(PREFERENCES_KEY, JSON.stringify(record));
    storage.removeItem(LEGACY_GERMAN_PREFERENCES_KEY);
  } catch {
    // Storage full or blocked: the decision still holds for this page, the visitor is asked next time.
  }
}

/** Storage kept in memory: for a browser that blocks `localStorage` (the choice lasts the page). */
export class MemoryStorage implements ConsentStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}
