/**
 * The web app manifest of each variant (what a browser needs to install the site as an app, in
 * the variant's language) and the head tags that point to it. Written by the prerender.
 */
import type { IntlShape } from 'react-intl';
import type { Locale } from '../../i18n/locales';
import { pagePath } from '../../i18n/routes';
import { acceptedEntries, toDropzoneAccept } from '../catalog/accepted-types';
import {
  SHARE_TARGET_PARAM,
  SHARED_FILES_FIELD,
} from '../../workers/service-worker/shared-inbox';
import tokens from '../styles/tokens.css?raw';
import { escapeHtml } from './head-html';

const MANIFEST_FILE = 'manifest.webmanifest';
/** Drawn from public/favicon.svg by scripts/make-icons.mjs. */
const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', purpose: 'maskable' },
] as const;
const TOUCH_ICON = ICONS[0].src;
const BACKGROUND = '#ffffff';

/** The accent of the light theme, the first `--color-accent` of the design tokens. */
export function themeColour(css: string = tokens): string {
  const colour = /--color-accent:\s*(#[0-9a-f]{3,8})\s*;/i.exec(css)?.[1];
  if (!colour) throw new Error('tokens.css has no --color-accent');
  return colour;
}

/** `/manifest.webmanifest` for Portuguese, `/en/manifest.webmanifest` for English, ... */
export function manifestPath(locale: Locale): string {
  return `${locale.prefix}/${MANIFEST_FILE}`;
}

/**
 * The variant's scope: its prefix, without a trailing slash, so it holds the home page (`/en`) as
 * well as every page under it; Portuguese, which has no prefix, has the whole site.
 */
export function scopeOf(locale: Locale): string {
  return locale.prefix || '/';
}

/** The manifest of one variant; `intl` speaks its language. */
export function webManifest(locale: Locale, intl: IntlShape) {
  const tool = pagePath('tool', locale.code);
  // The general tool takes every format the engine cleans.
  const accept = toDropzoneAccept(acceptedEntries('all'));
  const home = pagePath('home', locale.code);
  return {
    id: home,
    name: intl.formatMessage({ id: 'offline.app.name' }),
    short_name: intl.formatMessage({ id: 'offline.app.shortName' }),
    description: intl.formatMessage({ id: 'meta.home.description' }),
    lang: locale.lang,
    dir: locale.dir,
    start_url: home,
    scope: scopeOf(locale),
    display: 'standalone',
    theme_color: themeColour(),
    background_color: BACKGROUND,
    icons: ICONS.map((icon) => ({ ...icon, type: 'image/png' })),
    share_target: {
      action: `${tool}?${SHARE_TARGET_PARAM}`,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: {
        files: [
          {
            name: SHARED_FILES_FIELD,
            accept: Object.entries(accept).flatMap(([mime, extensions]) => [
              mime,
              ...extensions,
            ]),
          },
        ],
      },
    },
    file_handlers: [{ action: tool, accept }],
  };
}

/** The head tags that make a page installable: its variant's manifest, theme colour and icon. */
export function installTags(locale: Locale): string {
  return [
    `<link rel="manifest" href="${escapeHtml(manifestPath(locale))}">`,
    `<meta name="theme-color" content="${themeColour()}">`,
    `<link rel="apple-touch-icon" href="${TOUCH_ICON}">`,
  ].join('\n    ');
}
