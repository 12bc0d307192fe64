/** Placeholder until the consent issue lands; renders nothing. */
export function ConsentBanner() {
  return null;
}
