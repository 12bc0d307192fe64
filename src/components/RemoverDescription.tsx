import { FormattedMessage } from 'react-intl';
import type { RemoverPage } from '../../i18n/routes';
import formatNames from 'virtual:format-names';
import type { PageByFormats } from '../catalog/format-names';
import { useMenuList } from './format-names';

/** Remover pages described by the formats they take; the platform pages have a sentence instead. */
const byFormats = (page: RemoverPage): page is PageByFormats =>
  Object.hasOwn(formatNames.byPage, page);

/**
 * The short line under a remover's name in menus and cards: "JPG, PNG, WEBP, GIF and more", read
 * from the engine's catalog so it names only what the page accepts today (nothing when it accepts
 * nothing yet).
 */
export function RemoverDescription({ page }: { page: RemoverPage }) {
  const menuList = useMenuList();
  if (!byFormats(page)) {
    return (
      <FormattedMessage
        id={`remover.${page as 'tiktok' | 'instagram' | 'social'}.formats`}
      />
    );
  }
  return <>{menuList(formatNames.byPage[page])}</>;
}
