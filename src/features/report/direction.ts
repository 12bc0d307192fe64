/** Hebrew, Arabic, Syriac, Thaana and N'Ko letters: a value with none reads left to right. */
const RIGHT_TO_LEFT_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/**
 * Coordinates and dates have no strong direction, so `dir="auto"` would lay "43.46, 11.88" out
 * right to left on the Arabic pages; only text with right-to-left letters reads that way.
 */
export function valueDirection(value: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT_LETTER.test(value) ? 'rtl' : 'ltr';
}
