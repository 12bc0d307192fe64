/**
 * The four cookie categories the consent banner offers. The original called the fourth one both
 * "preferences" and "functional"; we keep one name, `preferences`, and read either from storage.
 */
export const OPTIONAL_CATEGORIES = [
  'analytics',
  'marketing',
  'preferences',
] as const;

export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];

/** The visitor's choice per category; `necessary` is always allowed and cannot be switched off. */
export type CookieCategories = { readonly necessary: true } & {
  readonly [category in OptionalCategory]: boolean;
};

/** The optional categories alone, as a form or an event carries them. */
export type OptionalChoices = {
  readonly [category in OptionalCategory]: boolean;
};

export const NECESSARY_ONLY: CookieCategories = {
  necessary: true,
  analytics: false,
  marketing: false,
  preferences: false,
};

export const ALL_ALLOWED: CookieCategories = {
  necessary: true,
  analytics: true,
  marketing: true,
  preferences: true,
};

/** Adds the locked necessary category to a set of optional choices. */
export function withNecessary(choices: OptionalChoices): CookieCategories {
  return {
    necessary: true,
    analytics: choices.analytics,
    marketing: choices.marketing,
    preferences: choices.preferences,
  };
}

/** The optional categories a decision allows: none unless consent was given. */
export function allowedCategories(
  consent: boolean | null,
  categories: CookieCategories,
): OptionalCategory[] {
  if (consent !== true) return [];
  return OPTIONAL_CATEGORIES.filter((category) => categories[category]);
}
