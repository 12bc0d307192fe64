import type { PageId } from '../../i18n/routes';

/** Pages in the desktop menu and the drawer, besides the removers and the call to action. */
export const MENU_PAGES = [
  'home',
  'howItWorks',
  'about',
  'faq',
  'contact',
] as const satisfies readonly PageId[];
