/**
 * Text as the search compares it: lower case, accents and other combining marks gone (NFKD, so
 * `José` and `JOSE` and a full-width `Ｊｏｓｅ` meet), every run of white space one space. A
 * searched word is folded the same way.
 */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[\s\0]+/gu, ' ');
}

/** At most this many words are searched at once, each at most this long (in characters). */
export const MAX_FIND_WORDS = 12;
export const MAX_WORD_CHARS = 200;
/** Shorter words would be found everywhere (`an`, `jo`) and prove nothing. */
export const MIN_WORD_CHARS = 3;

/**
 * The words a person typed, as they will be searched: trimmed, folded, without repeats and
 * without those too short to mean anything. The typed form is kept for the answer.
 */
export function searchWords(
  typed: readonly string[],
): { typed: string; folded: string }[] {
  const out: { typed: string; folded: string }[] = [];
  for (const word of typed) {
    const trimmed = word.trim().slice(0, MAX_WORD_CHARS);
    const folded = fold(trimmed).trim();
    if (folded.length < MIN_WORD_CHARS) continue;
    if (out.some((w) => w.folded === folded)) continue;
    out.push({ typed: trimmed, folded });
    if (out.length === MAX_FIND_WORDS) break;
  }
  return out;
}
