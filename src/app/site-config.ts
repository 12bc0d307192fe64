/** Site-wide settings that are data, not code. */

/** Where the contact form's mailto: link is addressed (DESIGN: a valid form opens the mail program). */
export const CONTACT_EMAIL = 'contato@metaclean.app';

export interface SocialLink {
  name: 'instagram' | 'tiktok' | 'x' | 'facebook';
  href: string;
}

/** Profiles shown as footer icons. Empty until real profiles exist: no icon without a live link. */
export const SOCIAL_LINKS: readonly SocialLink[] = [];

/** Base of canonical and alternate URLs, fixed at build time from SITE_URL (vite.config.ts). */
export const SITE_URL: string = (
  import.meta.env.SITE_URL ?? 'http://localhost:4173'
).replace(/\/$/, '');
