import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { pagePath } from '../../../i18n/routes';
import type { LocaleCode } from '../../../i18n/locales';
import type { PageId } from '../../../i18n/route-table';
import { canaryJpeg } from '../../helpers/image-fixtures';

export type UploaderMessages =
  typeof import('../../../i18n/messages/uploader/pt.json');

/** Read from disk: Playwright loads tests as ES modules, where JSON needs an import attribute. */
function messagesOf(set: string): UploaderMessages {
  const file = new URL(
    `../../../i18n/messages/uploader/${set}.json`,
    import.meta.url,
  );
  return JSON.parse(readFileSync(file, 'utf8')) as UploaderMessages;
}

/** The four variants the browser tests run in, with their message set. */
export const VARIANTS = [
  { code: 'pt', messages: messagesOf('pt') },
  { code: 'en', messages: messagesOf('en') },
  { code: 'de', messages: messagesOf('de') },
  { code: 'ae', messages: messagesOf('ar') },
] as const satisfies readonly {
  code: LocaleCode;
  messages: UploaderMessages;
}[];

/** A photo with GPS, camera and author tags planted, made for this run (no real file needed). */
export const GPS_PHOTO = canaryJpeg(
  mkdtempSync(join(tmpdir(), 'metaclean-e2e-')),
  'DSCN0010.jpg',
);

export function toolPath(page: PageId, code: LocaleCode): string {
  return pagePath(page, code);
}

/** The literal parts of an ICU message (the text between placeholders), to find it on the page. */
export function literalParts(message: string): string[] {
  return message
    .split(/\{[^}]*\}/)
    .map((part) => part.trim())
    .filter((part) => part.length > 1);
}

/**
 * Counts every way the page's main thread could read a file's bytes. Init scripts run in the
 * document, not in workers, so the engine's reads inside the worker are not counted.
 */
export async function watchMainThreadReads(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const reads: string[] = [];
    (window as unknown as { __mainThreadReads: string[] }).__mainThreadReads =
      reads;
    const wrap = (proto: object, method: string, label: string) => {
      const target = proto as Record<string, unknown>;
      const original = target[method];
      if (typeof original !== 'function') return;
      target[method] = function (this: unknown, ...args: unknown[]) {
        reads.push(label);
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      };
    };
    for (const method of ['arrayBuffer', 'text', 'stream', 'bytes']) {
      wrap(Blob.prototype, method, `Blob.${method}`);
    }
    for (const method of [
      'readAsArrayBuffer',
      'readAsBinaryString',
      'readAsDataURL',
      'readAsText',
    ]) {
      wrap(FileReader.prototype, method, `FileReader.${method}`);
    }
  });
}

export function mainThreadReads(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      (window as unknown as { __mainThreadReads: string[] }).__mainThreadReads,
  );
}

/** Records every request the page and its workers make, to check none leaves the site. */
export function recordRequests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** Requests that go anywhere but the site itself (blob: and data: never leave the browser). */
export function foreignRequests(
  urls: readonly string[],
  site: string,
): string[] {
  const origin = new URL(site).origin;
  return urls.filter((url) => {
    if (url.startsWith('blob:') || url.startsWith('data:')) return false;
    return new URL(url).origin !== origin;
  });
}

/** Decides the cookie banner up front so it never covers the uploader. */
export async function skipConsentBanner(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem('cookie-consent', 'true');
    localStorage.setItem(
      'cookie-preferences',
      JSON.stringify({
        necessary: true,
        analytics: false,
        marketing: false,
        preferences: false,
      }),
    );
  });
}

/** exiftool's reading of a file's tags, as one flat object. */
export function exiftoolTags(path: string): Record<string, unknown> {
  const json = execFileSync('exiftool', ['-j', '-a', '-G1', path], {
    encoding: 'utf8',
  });
  return (JSON.parse(json) as Record<string, unknown>[])[0] ?? {};
}
