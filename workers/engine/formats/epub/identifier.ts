/**
 * Identifiers this engine minted to replace a book's own: an EPUB must keep one (the package's
 * unique-identifier), so the original is replaced by a fresh random UUID, and the verification of
 * the output must not take that fresh one for the original. Bounded: only recent ones are kept.
 */
const MAX_REMEMBERED = 1024;
const minted = new Set<string>();

export function mintIdentifier(): string {
  const id = `urn:uuid:${crypto.randomUUID()}`;
  if (minted.size >= MAX_REMEMBERED)
    minted.delete(minted.values().next().value!);
  minted.add(id);
  return id;
}

export const isMinted = (id: string): boolean => minted.has(id.trim());

/** EPUB 3 requires a last-modified date; a fixed one says nothing about the book or its maker. */
export const FIXED_MODIFIED = '1980-01-01T00:00:00Z';
