import type { PageId } from '../../i18n/routes';

/** The six remover pages of the "all removers" menu, in menu order. */
export const REMOVER_PAGES = [
  'photos',
  'videos',
  'documents',
  'tiktok',
  'instagram',
  'social',
] as const satisfies readonly PageId[];

export type RemoverPage = (typeof REMOVER_PAGES)[number];

/** Pages in the desktop menu and the drawer, besides the removers and the call to action. */
export const MENU_PAGES = [
  'home',
  'howItWorks',
  'about',
  'faq',
  'contact',
] as const satisfies readonly PageId[];
