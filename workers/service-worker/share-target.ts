import {
  putShared,
  SHARE_TARGET_PARAM,
  SHARED_FILES_FIELD,
  SHARED_PARAM,
} from './shared-inbox';

/** After a POST, the browser must GET the page it is sent to (RFC 9110, 15.4.4). */
const SEE_OTHER = 303;

/** The share sheet's POST to a tool page of this site (the manifest's `share_target`). */
export function isShareTarget(request: Request, origin: string): boolean {
  if (request.method !== 'POST') return false;
  const url = new URL(request.url);
  return url.origin === origin && url.searchParams.has(SHARE_TARGET_PARAM);
}

/**
 * Keeps the shared files in the inbox and sends the browser to the same tool page, which takes
 * them from there. Anything in the form that is not a file is ignored: we share nothing back.
 */
export async function receiveShare(request: Request): Promise<Response> {
  const form = await request.formData();
  const files = form
    .getAll(SHARED_FILES_FIELD)
    .filter((value): value is File => value instanceof File);
  await putShared(files);
  const page = new URL(request.url);
  page.search = `?${SHARED_PARAM}`;
  return Response.redirect(page.href, SEE_OTHER);
}
