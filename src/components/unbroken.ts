/**
 * A number and its unit kept on one line: the breaking spaces `Intl` writes between them become
 * no-break spaces (U+00A0), so "1.5 كيلوبايت" or "16 GB" never wraps with its number on one line
 * and its unit on the next. A locale's own narrow no-break space (U+202F) is already one and stays.
 */
export function unbroken(text: string): string {
  return text.replace(/ /g, '\u00a0');
}
