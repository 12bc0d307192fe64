/** Placeholder until the consent issue lands; the cookie-settings page renders it under its heading. */
export function CookieSettingsPanel() {
  return null;
}
