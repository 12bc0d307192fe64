/**
 * A DOCTYPE whose external identifier or entity declarations point at the author's disk
 * (`<!DOCTYPE svg SYSTEM "file:///home/alice/svg11.dtd">`) names the person. No renderer fetches
 * an SVG's DTD, so the external identifier goes; the internal subset is judged declaration by
 * declaration (`internal-subset.ts`), since Illustrator declares the entities its namespace URIs
 * use there. A local path inside the internal subset (an
 * external entity read from disk) cannot be cut out without breaking the references to it: the
 * file is refused rather than called clean.
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
  if (!mentionsLocalPath(text)) return null;
  const head = DOCTYPE_HEAD.exec(text);
  const externalId = head?.[1] ?? '';
  const rest = text.slice(head?.[0].length ?? 0);
  if (mentionsLocalPath(rest))
    throw new EngineError(
      'unsupported',
      'the DOCTYPE declares entities read from files on the author disk',
    );
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
