/**
 * Whether a place's name may be said in the visitor's language. The gazetteer holds one name per
 * place, in Latin letters ("Cairo", "Tokyo"): inside Arabic words it would read as a foreign
 * insert of another script, so the map names the city only where the name is written in the
 * language's own script, and says the country (which `Intl.DisplayNames` names in every
 * language) and the coordinates otherwise.
 */

/** The script a language is written in (ISO 15924, as `Intl.Locale` gives it), or null. */
function scriptOf(locale: string): string | null {
  try {
    return new Intl.Locale(locale).maximize().script ?? null;
  } catch {
    return null;
  }
}

/** `name` when all its letters are in `locale`'s script, else null. */
export function cityNameFor(name: string, locale: string): string | null {
  const script = scriptOf(locale);
  if (!script) return null;
  let letters: RegExp;
  try {
    letters = new RegExp(`^(?:\\p{Script=${script}}|\\P{L})*$`, 'u');
  } catch {
    // A script the engine's regular expressions do not know: no name rather than a wrong one.
    return null;
  }
  return letters.test(name) ? name : null;
}
