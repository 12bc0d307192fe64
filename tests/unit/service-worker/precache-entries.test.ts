import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../i18n/locales';
import {
  entriesForVariant,
  isPageUrl,
} from '../../../workers/service-worker/precache-entries';

const entry = (url: string) => ({ url, revision: 'r' });
const BUILD = [
  '/',
  '/sobre',
  '/en',
  '/en/about',
  '/ae/blog/x',
  '/assets/index-abc.js',
  '/assets/clean.worker-abc.js',
  '/assets/pt-abc.js',
  '/assets/en-abc.js',
  '/icons/icon-192.png',
  '/en/manifest.webmanifest',
].map(entry);
const SET_ASSETS = { pt: ['/assets/pt-abc.js'], en: ['/assets/en-abc.js'] };

const urls = (code: keyof typeof LOCALES) =>
  entriesForVariant(BUILD, LOCALES[code], SET_ASSETS).map(({ url }) => url);

describe('what a variant precaches', () => {
  it('English: its pages, the shared files and its message set only', () => {
    expect(urls('en')).toEqual([
      '/en',
      '/en/about',
      '/assets/index-abc.js',
      '/assets/clean.worker-abc.js',
      '/assets/en-abc.js',
      '/icons/icon-192.png',
      '/en/manifest.webmanifest',
    ]);
  });

  it('Portuguese, with no prefix, takes no page of another variant', () => {
    expect(urls('pt')).toEqual([
      '/',
      '/sobre',
      '/assets/index-abc.js',
      '/assets/clean.worker-abc.js',
      '/assets/pt-abc.js',
      '/icons/icon-192.png',
      '/en/manifest.webmanifest',
    ]);
  });

  it('a clean URL is a page; a file name with an extension is not', () => {
    expect(isPageUrl('/en/blog/x')).toBe(true);
    expect(isPageUrl('/')).toBe(true);
    expect(isPageUrl('/assets/a.js')).toBe(false);
  });
});
