/**
 * Part names as a package means them. An Office package's part names are URIs that compare
 * ASCII case-insensitively (ECMA-376 Part 2, section 6.2.2.3), and a percent-encoded character
 * is the character itself (RFC 3986, section 6.2.2.2); a zip made on Windows may separate
 * folders with `\`. Two spellings of one part are one key.
 */
export function partKey(name: string): string {
  let decoded = name.replace(/\\/g, '/');
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // a stray % is a character of the name
  }
  return decoded.replace(/^\/+/, '').toLowerCase();
}

/**
 * Resolves a reference relative to the part (or folder, ending in `/`) it appears in: dot
 * segments removed (RFC 3986, section 5.2.4), a leading `/` meaning the package root, the query
 * and fragment dropped. The result is a part name without its leading `/`.
 */
export function resolvePart(base: string, reference: string): string {
  let target = reference.replace(/\\/g, '/');
  const cut = target.search(/[?#]/);
  if (cut >= 0) target = target.slice(0, cut);
  try {
    target = decodeURIComponent(target);
  } catch {
    // a stray % is used as written
  }
  const segments = target.startsWith('/') ? [] : base.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments.join('/');
}
