/**
 * A data connection's connection string (ECMA-376 Part 1, 18.13.5: `dbPr`'s `connection`, OLE DB
 * and ODBC `keyword=value` pairs separated by `;`, a value with `;` in it quoted) can name the
 * account that connected, its password when the author saved it, and the computer the query ran
 * on (`Workstation ID`, which Excel writes for SQL Server). Those pairs go; the provider, server
 * and database stay, as the connection needs them to refresh.
 */
import type { FieldId } from '../../fields';

/** Keywords of OLE DB, ODBC and SQL Server connection strings that name a person or a computer. */
const PERSONAL_KEYS: ReadonlyMap<string, FieldId> = new Map([
  ['user id', 'author.person'],
  ['uid', 'author.person'],
  ['user', 'author.person'],
  ['user name', 'author.person'],
  ['password', 'other.data'],
  ['pwd', 'other.data'],
  ['workstation id', 'device.name'],
  ['wsid', 'device.name'],
]);
/** One `keyword=value` pair and the `;` after it; a value may be quoted or braced. */
const PAIR =
  /([^=;]*)=\s*("(?:[^"]|"")*"|'(?:[^']|'')*'|\{[^}]*\}|[^;]*)(;|$)/gy;

export interface ConnectionPair {
  readonly key: string;
  /** The value, left out for a password. */
  readonly value?: string;
  readonly field: FieldId;
}

/**
 * The connection string (decoded text) without the pairs that name a person, a password or a
 * computer, and those pairs; `null` when it holds none. Text that is not a pair list is left as it is.
 */
export function withoutPersonalPairs(
  text: string,
): { text: string; removed: ConnectionPair[] } | null {
  const removed: ConnectionPair[] = [];
  let out = '';
  let at = 0;
  PAIR.lastIndex = 0;
  for (let m = PAIR.exec(text); m && m[0] !== ''; m = PAIR.exec(text)) {
    const key = m[1]!.trim().toLowerCase();
    const field = PERSONAL_KEYS.get(key);
    if (field) {
      removed.push({
        key: m[1]!.trim(),
        value: field === 'other.data' ? undefined : m[2]!.trim(),
        field,
      });
    } else out += m[0];
    at = PAIR.lastIndex;
  }
  if (!removed.length) return null;
  return { text: out + text.slice(at), removed };
}
