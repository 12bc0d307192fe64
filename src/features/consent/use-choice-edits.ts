import { useState } from 'react';
import type {
  CookieCategories,
  OptionalCategory,
} from '../../machines/consent-categories';

/**
 * The visitor's unsaved switch positions over a base (the stored choice). Edits win; categories
 * not touched follow the base, so a base that arrives after hydration still shows.
 */
export function useChoiceEdits(base: CookieCategories) {
  const [edits, setEdits] = useState<
    Partial<Record<OptionalCategory, boolean>>
  >({});
  const choices: CookieCategories = { ...base, ...edits };
  const setChoice = (category: OptionalCategory, allowed: boolean) =>
    setEdits((previous) => ({ ...previous, [category]: allowed }));
  return [choices, setChoice] as const;
}
