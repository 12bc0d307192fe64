/**
 * The keys of the catalog's name trees that name things of the person's (ISO 32000-2, 7.7.4,
 * Table 32): an attachment's key in `/EmbeddedFiles` is the original file's name, as its file
 * specification's `/F` and `/UF` were, and a document-level script's key in `/JavaScript` is the
 * name its author gave it. Both become neutral names. Web Capture's `/URLS` and `/IDS`, which
 * hold the captured pages' URLs, go whole; the other trees (`/Dests`, whose keys links name,
 * `/AP`, `/Pages`, `/Templates`) keep their keys, which something in the file refers to.
 */
import { corrupt } from '../../errors';
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';
import { MAX_DEPTH, MAX_ENTRIES } from '../../limits';
import { neutralFileName, reachable } from './attachments';
import {
  isArray,
  isDict,
  isRef,
  isString,
  type PdfDict,
  type PdfObject,
  type PdfValue,
} from './objects';
import { textOf } from './text';

/** One entry of a name tree's leaves: its key and its value, as written. */
interface Entry {
  readonly key: string;
  readonly value: PdfValue;
}

/** A tree whose keys are renamed: how, and what the report calls an old key. */
interface TreeKind {
  readonly field: FieldId;
  readonly label: string;
  readonly keysOf: (entries: readonly Entry[]) => string[];
}

/** A file specification's file name keys, the Unicode one first (7.11.3, Table 43). */
const SPEC_NAME_KEYS = ['UF', 'F'];
/** The stem of a document-level script's neutral name (`script-01`). */
const SCRIPT_STEM = 'script-';
/** A neutral attachment name, as `neutralFileName` writes them (`file.pdf`, `file-2.txt`). */
const NEUTRAL_FILE = /^file(?:-(\d+))?(?:\.[a-z0-9]{1,8})?$/;

const asciiString = (text: string): PdfValue => ({
  kind: 'str',
  bytes: Uint8Array.from(text, (c) => c.charCodeAt(0)),
});

/**
 * Renames the keys of the catalog's `/EmbeddedFiles` and `/JavaScript` name trees and writes
 * each tree as one sorted leaf at its root (7.9.6: a root holding `/Names` needs no `/Kids`
 * nor `/Limits`), so no intermediate node keeps an old key or its `/Limits`. Returns the objects
 * still reachable from the catalog and reports each key renamed.
 */
export function neutralNameTrees(
  objects: readonly PdfObject[],
  root: number,
  findings: Finding[],
): PdfObject[] {
  const byNum = new Map(objects.map((o) => [o.num, o]));
  const deref = (v: PdfValue | undefined): PdfValue | undefined =>
    isRef(v) ? byNum.get(v.num)?.value : v;
  const catalog = deref({ kind: 'ref', num: root, gen: 0 });
  const names = isDict(catalog) ? deref(catalog.map.get('Names')) : undefined;
  if (!isDict(names)) return [...objects];
  const files = deref(names.map.get('EmbeddedFiles'));
  const scripts = deref(names.map.get('JavaScript'));
  let changed = dropWebCaptureTrees(names, deref, findings);
  if (isDict(files))
    changed = rewrite(
      files,
      deref,
      {
        field: 'identifier.file-name',
        label: 'EmbeddedFiles',
        keysOf: (entries) => fileKeys(entries, deref),
      },
      findings,
    );
  if (isDict(scripts))
    changed =
      rewrite(
        scripts,
        deref,
        { field: 'identifier.detail', label: 'JavaScript', keysOf: scriptKeys },
        findings,
      ) || changed;
  return changed ? reachable(objects, root) : [...objects];
}

/**
 * Web Capture's trees (ISO 32000-2, 7.7.4, Table 32; 14.10.3) map the URLs of captured pages and
 * the digests of their sources to content sets, which hold those URLs again and when they were
 * fetched; only a later capture reads them. Both trees go, each URL reported, and the content
 * sets, no longer referenced, are not written. Returns whether a tree went.
 */
function dropWebCaptureTrees(
  names: PdfDict,
  deref: (v: PdfValue | undefined) => PdfValue | undefined,
  findings: Finding[],
): boolean {
  let dropped = false;
  for (const key of ['URLS', 'IDS']) {
    const tree = deref(names.map.get(key));
    names.map.delete(key);
    if (!isDict(tree)) continue;
    dropped = true;
    if (key === 'IDS')
      findings.push(finding('identifier.unique', key, 'name tree'));
    else
      for (const e of leaves(tree, deref).entries)
        findings.push(finding('history.edits', key, 'name tree', e.key));
  }
  return dropped;
}

/**
 * Gathers a tree's entries, gives them their new keys and writes them sorted at the root.
 * Returns whether the tree had intermediate nodes or a key changed.
 */
function rewrite(
  tree: PdfDict,
  deref: (v: PdfValue | undefined) => PdfValue | undefined,
  kind: TreeKind,
  findings: Finding[],
): boolean {
  const { entries, nested } = leaves(tree, deref);
  const keys = kind.keysOf(entries);
  const pairs = entries.map((e, i) => ({ key: keys[i]!, value: e.value }));
  // Keys sort by their bytes (7.9.6); neutral names are ASCII, so code units order them alike.
  pairs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  let renamed = false;
  entries.forEach((e, i) => {
    if (e.key === keys[i]) return;
    renamed = true;
    findings.push(finding(kind.field, kind.label, 'name tree', e.key));
  });
  tree.map.delete('Kids');
  tree.map.delete('Limits');
  tree.map.set('Names', {
    kind: 'array',
    items: pairs.flatMap((p) => [asciiString(p.key), p.value]),
  });
  return renamed || nested;
}

/**
 * Every leaf entry under a name tree's root, in tree order. Intermediate nodes are emptied as
 * they are read, so a node something else still refers to holds no old key. The depth is bounded
 * and every node is read once, so a cycle or a deep tree costs no more than its nodes.
 */
function leaves(
  tree: PdfDict,
  deref: (v: PdfValue | undefined) => PdfValue | undefined,
): { entries: Entry[]; nested: boolean } {
  const entries: Entry[] = [];
  const seen = new Set<PdfDict>([tree]);
  const stack: { node: PdfDict; depth: number }[] = [{ node: tree, depth: 0 }];
  let nested = false;
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (depth > MAX_DEPTH) throw corrupt('a name tree nested too deeply');
    const leaf = node.map.get('Names');
    if (isArray(leaf))
      for (let i = 0; i + 1 < leaf.items.length; i += 2) {
        const value = leaf.items[i + 1]!;
        // A value pointing at an object not written points at nothing (7.3.10): the entry goes.
        if (isRef(value) && deref(value) === undefined) continue;
        if (entries.length >= MAX_ENTRIES)
          throw corrupt('too many name tree entries');
        entries.push({ key: textOf(leaf.items[i]) ?? '', value });
      }
    const kids = node.map.get('Kids');
    if (node !== tree) node.map.clear();
    if (!isArray(kids)) continue;
    // Kids in reverse, so the stack reads them, and their leaves, in order.
    for (const kid of [...kids.items].reverse()) {
      const d = deref(kid);
      if (!isDict(d) || seen.has(d)) continue;
      seen.add(d);
      nested = true;
      stack.push({ node: d, depth: depth + 1 });
    }
  }
  return { entries, nested };
}

/**
 * An attachment's key becomes its file specification's neutral name (`file-2.docx`), which the
 * walk gave it; a value that names no file gets one from the key's extension. Keys stay unique,
 * and a key that already is what it would become stays, so our own output is left as it is.
 */
function fileKeys(
  entries: readonly Entry[],
  deref: (v: PdfValue | undefined) => PdfValue | undefined,
): string[] {
  const spec = (e: Entry): string | undefined => {
    const d = deref(e.value);
    if (!isDict(d)) return undefined;
    for (const k of SPEC_NAME_KEYS) {
      const v = d.map.get(k);
      const text = isString(v) ? textOf(v) : undefined;
      if (text !== undefined && NEUTRAL_FILE.test(text)) return text;
    }
    return undefined;
  };
  const wanted = entries.map(
    (e, i) =>
      spec(e) ??
      (NEUTRAL_FILE.test(e.key) ? e.key : neutralFileName(e.key, i + 1)),
  );
  const used = new Set<string>();
  const keys = entries.map((e, i) => {
    if (e.key !== wanted[i] || used.has(e.key)) return undefined;
    used.add(e.key);
    return e.key;
  });
  return entries.map((e, i) => {
    const kept = keys[i];
    if (kept !== undefined) return kept;
    let key = wanted[i]!;
    if (used.has(key) && NEUTRAL_FILE.test(e.key) && !used.has(e.key))
      key = e.key;
    for (let n = entries.length + 1; used.has(key); n++)
      key = neutralFileName(wanted[i]!, n);
    used.add(key);
    return key;
  });
}

/**
 * A script's key becomes `script-` and its place in the tree, padded so the new keys sort as
 * the old ones did: a viewer runs document-level scripts in the order of their keys (12.6.4.17),
 * and nothing else refers to them by name.
 */
function scriptKeys(entries: readonly Entry[]): string[] {
  const order = entries
    .map((e, i) => ({ key: e.key, i }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i));
  const width = String(entries.length).length;
  const keys: string[] = new Array<string>(entries.length);
  order.forEach(({ i }, rank) => {
    keys[i] = SCRIPT_STEM + String(rank + 1).padStart(width, '0');
  });
  return keys;
}
