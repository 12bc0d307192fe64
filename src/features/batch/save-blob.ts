import { DOWNLOAD_TYPE } from '../../machines/uploaderMachine';

/** Long enough for the browser to start the download before its URL is let go. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Saves a Blob under `name` through a passing link: served as bytes to save, never as a page of
 * this origin (see the machine's `keepResult`), and its URL revoked once the download has begun.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(new Blob([blob], { type: DOWNLOAD_TYPE }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
