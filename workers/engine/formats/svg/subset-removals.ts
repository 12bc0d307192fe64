/**
 * Which internal subset declarations go once the walk knows what it keeps: an entity stays only
 * while a reference to it stands in kept text or a kept attribute (an entity referenced only
 * inside removed metadata would otherwise carry its value out alone). Comments and `<!ELEMENT>`
 * declarations always go. When nothing stays, the whole `[...]` goes, so no empty subset is left.
 */
import { EngineError } from '../../errors';
import { finding, type Finding } from '../../findings';
import { mentionsLocalPath } from '../../shared/xml';
import type { Declaration, InternalSubset } from './internal-subset';
import type { Range } from './tokenizer';

const latin1 = new TextDecoder('latin1');
/** A general entity reference's name (XML 1.0 production 68); character references start with `#`. */
const REFERENCE_NAME = /^[^\s#;&<>"']+$/;
const AMPERSAND = 0x26;
const SEMICOLON = 0x3b;

export function subsetRemovals(
  bytes: Uint8Array,
  subset: InternalSubset,
  referring: readonly Range[],
  removals: readonly Range[],
  location: string,
): { removals: Range[]; findings: Finding[] } {
  const referenced = referencedNames(bytes, referring, removals);
  const where = `${location} DOCTYPE`;
  const gone = subset.declarations.filter(
    (d) => d.kind !== 'entity' || !referenced.has(d.name),
  );
  // A kept entity is text a reader puts where the drawing refers to it: one holding a path on
  // the author's disk cannot be cut without changing what the reference reads.
  for (const d of subset.declarations)
    if (
      d.kind === 'entity' &&
      referenced.has(d.name) &&
      mentionsLocalPath(d.value)
    )
      throw new EngineError(
        'unsupported',
        `the drawing refers to the DOCTYPE entity ${d.name}, whose value is a path on the author's disk`,
      );
  const findings = gone.map((d) => declarationFinding(d, where));
  const all = gone.length === subset.declarations.length;
  return {
    removals: all ? [subset.range] : gone.map((d) => d.range),
    findings,
  };
}

function declarationFinding(d: Declaration, where: string): Finding {
  switch (d.kind) {
    case 'entity':
      return finding('other.data', `<!ENTITY ${d.name}>`, where, d.value);
    case 'comment':
      return finding('content.comment', 'XML comment', where, d.text.trim());
    case 'element':
      return finding('other.data', `<!ELEMENT ${d.name}>`, where);
  }
}

/** Names referenced in `referring` outside every removed range, found byte by byte, nothing decoded. */
function referencedNames(
  bytes: Uint8Array,
  referring: readonly Range[],
  removals: readonly Range[],
): Set<string> {
  const removed = merged(removals);
  const names = new Set<string>();
  for (const range of referring) {
    let at = bytes.indexOf(AMPERSAND, range.start);
    while (at >= 0 && at < range.end) {
      const end = bytes.indexOf(SEMICOLON, at + 1);
      if (end < 0 || end >= range.end) break;
      const name = latin1.decode(bytes.subarray(at + 1, end));
      if (REFERENCE_NAME.test(name) && !covered(removed, at)) names.add(name);
      at = bytes.indexOf(AMPERSAND, at + 1);
    }
  }
  return names;
}

function merged(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ start: r.start, end: r.end });
  }
  return out;
}

/** Binary search in sorted, disjoint ranges. */
function covered(ranges: readonly Range[], at: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = ranges[mid]!;
    if (at < r.start) hi = mid - 1;
    else if (at >= r.end) lo = mid + 1;
    else return true;
  }
  return false;
}
