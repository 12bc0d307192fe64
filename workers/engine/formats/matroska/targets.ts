/** What a Matroska walk found: what we remove (targets, voided whole) and what we keep on purpose. */
import type { Finding } from '../../findings';
import type { Element } from './ebml';
import { CRC_32 } from './ids';

/**
 * An element overwritten with a Void of the same length, and what it held; or, with
 * `replacement`, an element whose data is rewritten in place by bytes of the same length.
 */
export interface Target {
  readonly element: Element;
  readonly findings: Finding[];
  /** The element's new data (from `dataOffset` to `end`), when it stays but changes. */
  readonly replacement?: Uint8Array;
}

/** A CRC-32 element whose master changed: recomputed (or voided) after the targets are voided. */
export interface CrcSite {
  readonly crc: Element;
  readonly master: Element;
  /** Nesting depth of the master; deeper masters are fixed first, their CRC is in their parent. */
  readonly depth: number;
}

export interface Analysis {
  readonly targets: Target[];
  readonly crcSites: CrcSite[];
  readonly kept: Finding[];
}

export function emptyAnalysis(): Analysis {
  return { targets: [], crcSites: [], kept: [] };
}

/** Adds the master's CRC-32 (the first child, RFC 8794 11.3.1) when one of its children changed. */
export function noteCrc(
  into: Analysis,
  master: Element,
  children: readonly Element[],
  depth: number,
  changed: boolean,
): void {
  const first = children[0];
  if (!changed || first?.id !== CRC_32) return;
  // Two walks may change one master (a Cluster's flight-log blocks and its unknown elements).
  if (into.crcSites.some((s) => s.crc.offset === first.offset)) return;
  into.crcSites.push({ crc: first, master, depth });
}
