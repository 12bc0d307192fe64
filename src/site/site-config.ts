/** Site-wide settings that are data, not code. */

/**
 * The one address the contact form's mailto: link is addressed to, and that the privacy policy and
 * terms name, fixed at build time from CONTACT_EMAIL (vite.config.ts). There is no server: a valid
 * form opens the visitor's mail program.
 */
export const CONTACT_EMAIL: string =
  import.meta.env.CONTACT_EMAIL ?? 'contato@metaclean.app';

/**
 * Who runs the site, as its legal pages name them (the German variants' Impressum): the
 * operator's name and postal address, fixed at build time from SITE_OPERATOR (vite.config.ts).
 * Empty until the operator sets it: the pages name no one they were not told of.
 */
export const SITE_OPERATOR: string = (
  import.meta.env.SITE_OPERATOR ?? ''
).trim();

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
