// Reads public/_headers (the static-host format: a path pattern, then indented "Name: value"
// lines) so the dev server, the prerender and static hosts share one set of security headers.
import { readFileSync } from 'node:fs';

/** @returns {{ pattern: string, headers: Record<string, string> }[]} */
export function readHeaderRules(file) {
  const rules = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: {} });
      continue;
    }
    const colon = line.indexOf(':');
    rules.at(-1).headers[line.slice(0, colon).trim()] = line
      .slice(colon + 1)
      .trim();
  }
  return rules;
}

/** Headers for a URL path: every rule whose pattern matches, later rules adding to earlier ones. */
export function headersFor(rules, path) {
  const matches = rules.filter(({ pattern }) =>
    pattern.endsWith('*')
      ? path.startsWith(pattern.slice(0, -1))
      : path === pattern,
  );
  return Object.assign({}, ...matches.map(({ headers }) => headers));
}

// A <meta> CSP ignores frame-ancestors (and browsers warn about it), so the meta copy drops it.
export function metaPolicy(policy) {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(
      (directive) => directive && !directive.startsWith('frame-ancestors'),
    )
    .join('; ');
}
