/**
 * A data connection's connection string (ECMA-376 Part 1, 18.13.5: `dbPr`'s `connection`, OLE DB
 * and ODBC `keyword=value` pairs separated by `;`, a value with `;` in it quoted) can name the
 * account that connected, its password when the author saved it, and the computer the query ran
 * on (`Workstation ID`, which Excel writes for SQL Server). Those pairs go; the provider, server
 * and database stay, as the connection needs them to refresh.
 */
import { EngineError } from '../../errors';
import type { FieldId } from '../../fields';

/** Keywords of OLE DB, ODBC and SQL Server connection strings that name a person or a computer. */
const PERSONAL_KEYS: ReadonlyMap<string, FieldId> = new Map([
  ['user id', 'author.person'],
  ['uid', 'author.person'],
  ['user', 'author.person'],
  ['user name', 'author.person'],
  // The account under other names: Username (PostgreSQL's and Netezza's ODBC drivers, MySQL's
  // connectors, Npgsql), LogonID (the DataDirect ODBC drivers).
  ['username', 'author.person'],
  ['logonid', 'author.person'],
  ['password', 'other.data'],
  ['pwd', 'other.data'],
  // Access (Jet and ACE providers): the database's password, which Excel writes in every Access
  // connection, empty unless the author saved it; and the one a compaction would set.
  ['jet oledb:database password', 'other.data'],
  ['jet oledb:new database password', 'other.data'],
  // Oracle's proxy authentication: the account the connection is made on behalf of.
  ['proxy user id', 'author.person'],
  ['proxy password', 'other.data'],
  ['workstation id', 'device.name'],
  ['wsid', 'device.name'],
]);
/**
 * One `keyword=value` pair and the `;` after it; a value may be quoted or braced, with blanks
 * before the `;` (OLE DB and ODBC ignore them), so a quoted value's `;` never ends the pair.
 */
const PAIR =
  /([^=;]*)=\s*("(?:[^"]|"")*"\s*(?=;|$)|'(?:[^']|'')*'\s*(?=;|$)|\{[^}]*\}\s*(?=;|$)|[^;]*)(;|$)/y;
/**
 * A piece with no `=` before its `;` (an empty one of `;;`, a bare keyword): kept as it is, and
 * the pairs after it are still read, so a stray `;` cannot hide the account that follows.
 */
const NOT_A_PAIR = /[^;]*(;|$)/y;
/**
 * A quoted or braced value that is itself a list of pairs: OLE DB's `Extended Properties`, which
 * the ODBC provider (MSDASQL) fills with the ODBC string, `UID` and `WSID` among its pairs.
 */
const WRAPPED = /^(?:"([\s\S]*)"|'([\s\S]*)'|\{([\s\S]*)\})$/;
/**
 * Pair lists read inside one another: a real string nests one (OLE DB around ODBC). Deeper is
 * refused, as a value we cannot read, rather than recursed into at the input's whim.
 */
const MAX_NESTING = 4;

export interface ConnectionPair {
  readonly key: string;
  /** The value, left out for a password. */
  readonly value?: string;
  readonly field: FieldId;
}

/** A quoted or braced value (`m` from `WRAPPED`) with its inner pairs cleaned, or null. */
function withoutInnerPairs(
  m: RegExpExecArray,
  removed: ConnectionPair[],
  depth: number,
): string | null {
  const [, double, single, braced] = m;
  const quote = double !== undefined ? '"' : single !== undefined ? "'" : '';
  // A quote inside a quoted value is written twice (OLE DB connection string syntax).
  const inner = quote
    ? withoutPersonalPairs(
        (double ?? single)!.split(quote + quote).join(quote),
        depth + 1,
      )
    : withoutPersonalPairs(braced!, depth + 1);
  if (!inner) return null;
  removed.push(...inner.removed);
  return quote
    ? quote + inner.text.split(quote).join(quote + quote) + quote
    : `{${inner.text}}`;
}

/**
 * The connection string (decoded text) without the pairs that name a person, a password or a
 * computer, and those pairs; `null` when it holds none. Pieces that are not pairs are kept as
 * they are.
 */
export function withoutPersonalPairs(
  text: string,
  depth = 0,
): { text: string; removed: ConnectionPair[] } | null {
  if (depth > MAX_NESTING)
    throw new EngineError(
      'unsupported',
      'a connection string with pair lists nested too deep to read',
    );
  const removed: ConnectionPair[] = [];
  let out = '';
  for (let at = 0; at < text.length;) {
    PAIR.lastIndex = at;
    const m = PAIR.exec(text);
    if (!m) {
      NOT_A_PAIR.lastIndex = at;
      const piece = NOT_A_PAIR.exec(text)![0];
      out += piece;
      at += piece.length;
      continue;
    }
    at = PAIR.lastIndex;
    const key = m[1]!.trim();
    const value = m[2]!.trim();
    const field = PERSONAL_KEYS.get(key.toLowerCase());
    if (field) {
      removed.push({
        key,
        value: field === 'other.data' ? undefined : value,
        field,
      });
      continue;
    }
    const wrapped = WRAPPED.exec(value);
    const inner = wrapped && withoutInnerPairs(wrapped, removed, depth);
    if (!inner) {
      out += m[0];
      continue;
    }
    // The value is where group 2 starts (the blanks before it are outside it), its own length.
    const valueAt = m[0].length - m[3]!.length - m[2]!.length;
    out += m[0].slice(0, valueAt) + inner + m[0].slice(valueAt + value.length);
  }
  if (!removed.length) return null;
  return { text: out, removed };
}
