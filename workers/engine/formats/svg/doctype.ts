/**
 * A DOCTYPE whose external identifier or entity declarations point at the author's disk
 * (`<!DOCTYPE svg SYSTEM "file:///home/alice/svg11.dtd">`) names the person. No renderer fetches
 * an SVG's DTD, so the external identifier goes; the internal subset is judged declaration by
 * declaration (`internal-subset.ts`), since Illustrator declares the entities its namespace URIs
 * use there: an entity holding a local path goes when nothing kept refers to it, and a file
 * whose kept text refers to one is refused (subset-removals.ts).
 */
import { EngineError } from '../../errors';
import { finding, type Finding } from '../../findings';
import { mentionsLocalPath } from '../../shared/xml';
import type { Range } from './tokenizer';

const latin1 = new TextDecoder('latin1');
const LITERAL = `(?:"[^"]*"|'[^']*')`;
/** XML 1.0 production 28 up to the internal subset: the name, then an optional ExternalID. */
const DOCTYPE_HEAD = new RegExp(
  `^<!DOCTYPE\\s+[^\\s[>]+(\\s+(?:SYSTEM\\s*${LITERAL}|PUBLIC\\s*${LITERAL}\\s*${LITERAL}))?`,
);

export interface DoctypeEdit {
  /** What to drop: the external identifier, or the whole DOCTYPE when nothing else is in it. */
  readonly removal: Range;
  readonly whole: boolean;
  readonly finding: Finding;
}

export function doctypeEdit(
  bytes: Uint8Array,
  token: Range,
): DoctypeEdit | null {
  const text = latin1.decode(bytes.subarray(token.start, token.end));
  const head = DOCTYPE_HEAD.exec(text);
  const externalId = head?.[1] ?? '';
  const rest = text.slice(head?.[0].length ?? 0);
  const open = rest.indexOf('[');
  const close = rest.lastIndexOf(']');
  // The internal subset is judged on its own; a path anywhere else is in no place we can read.
  const outside =
    head && open >= 0 && close > open
      ? rest.slice(0, open) + rest.slice(close + 1)
      : rest;
  if (mentionsLocalPath(outside))
    throw new EngineError(
      'unsupported',
      "the DOCTYPE names a path on the author's disk outside its identifier",
    );
  if (!mentionsLocalPath(externalId)) return null;
  const found = finding(
    'identifier.file-name',
    'DOCTYPE',
    'svg',
    externalId.trim(),
  );
  const hasSubset = rest.includes('[');
  if (!hasSubset) return { removal: token, whole: true, finding: found };
  const start = token.start + head![0].length - externalId.length;
  return {
    removal: { start, end: start + externalId.length },
    whole: false,
    finding: found,
  };
}
