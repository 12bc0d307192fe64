/**
 * Files shared to the installed app wait here, in this origin's Cache Storage, between the
 * service worker that receives them and the tool page that cleans them. Used on both sides.
 */

/** The cache that holds shared files; never one of Workbox's precaches. */
export const SHARED_INBOX = 'metaclean-shared-inbox';
/** The query parameter of the share target's POST (manifest `share_target.action`). */
export const SHARE_TARGET_PARAM = 'share-target';
/** The query parameter of the tool page that has shared files waiting. */
export const SHARED_PARAM = 'shared';
/** The form field the manifest's `share_target.params.files` names. */
export const SHARED_FILES_FIELD = 'files';

const NAME_HEADER = 'x-metaclean-name';
const KEY_PREFIX = '/__shared-inbox/';

/** Replaces what the inbox held with these files, in their order. */
export async function putShared(files: readonly File[]): Promise<void> {
  await caches.delete(SHARED_INBOX);
  const inbox = await caches.open(SHARED_INBOX);
  await Promise.all(
    files.map((file, index) =>
      inbox.put(
        `${KEY_PREFIX}${index}`,
        new Response(file, {
          headers: {
            'content-type': file.type || 'application/octet-stream',
            [NAME_HEADER]: encodeURIComponent(file.name),
          },
        }),
      ),
    ),
  );
}

/** The files waiting in the inbox, in the order they were shared; the inbox is emptied. */
export async function takeShared(): Promise<File[]> {
  if (!(await caches.has(SHARED_INBOX))) return [];
  const inbox = await caches.open(SHARED_INBOX);
  const indexOf = (request: Request) =>
    Number(new URL(request.url).pathname.slice(KEY_PREFIX.length));
  const requests = [...(await inbox.keys())].sort(
    (a, b) => indexOf(a) - indexOf(b),
  );
  const files: File[] = [];
  for (const request of requests) {
    const response = await inbox.match(request);
    if (!response) continue;
    const blob = await response.blob();
    const name = decodeURIComponent(
      response.headers.get(NAME_HEADER) ?? String(indexOf(request)),
    );
    files.push(new File([blob], name, { type: blob.type }));
  }
  await caches.delete(SHARED_INBOX);
  return files;
}
