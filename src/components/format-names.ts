import { useIntl } from 'react-intl';
import { useLocale } from '../site/locale-context';

/** How many formats a menu line names before it says "and more". */
export const MENU_FORMATS_SHOWN = 4;

/** A list for a sentence, in the visitor's language: "JPG, PNG e GIF". */
export function useSentenceList(): (names: readonly string[]) => string {
  const intl = useIntl();
  return (names) => intl.formatList(names, { type: 'conjunction' });
}

/**
 * A short list for a menu line: the first few names, then "and more". Arabic separates with its
 * own comma.
 */
export function useMenuList(): (names: readonly string[]) => string {
  const intl = useIntl();
  const separator = useLocale().dir === 'rtl' ? '، ' : ', ';
  return (names) => {
    const list = names.slice(0, MENU_FORMATS_SHOWN).join(separator);
    return names.length > MENU_FORMATS_SHOWN
      ? intl.formatMessage({ id: 'formats.andMore' }, { list })
      : list;
  };
}
