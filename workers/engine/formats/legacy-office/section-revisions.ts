/**
 * Tracked changes in a Word 97-2003 document's section properties ([MS-DOC] 2.6.4
 * sprmSPropRMark): a section whose layout changed while changes were tracked keeps who changed it
 * (an index into the revision authors) and when, in its Sepx. The section table (2.8.26 PlcfSed)
 * names each section's Sepx in the `WordDocument` stream (2.9.253 Sed: fn, fcSepx, fnMpr, fcMpr;
 * 2.9.254 Sepx: cb, then the GrpPrl), read here with the runs' classifier (`revisionIn`).
 */
import { u16le, u32le } from '../../bytes';
import { corrupt } from '../../errors';
import { readExtents } from '../../shared/cfb/compound-file';
import { revisionIn, type FkpSource, type RevisionKind } from './revisions';

const CP_BYTES = 4;
const SED_BYTES = 12;
const SED_FC_SEPX_AT = 2;
/** [MS-DOC] 2.9.253: fcSepx 0xFFFFFFFF is a section with its default properties, no Sepx. */
const NO_SEPX = 0xffffffff;
const SEPX_CB_BYTES = 2;
/** A section's properties hold well under this; a larger cb is damage. */
const MAX_SEPX_BYTES = 0x7fff;

/** The tracked change the sections' properties mark, deletions first (none are deletions). */
export async function sectionRevision(
  plcfSed: Uint8Array | null,
  word: FkpSource,
): Promise<RevisionKind | null> {
  if (!plcfSed) return null;
  if (
    plcfSed.length < CP_BYTES ||
    (plcfSed.length - CP_BYTES) % (CP_BYTES + SED_BYTES)
  )
    throw corrupt('a section table of the wrong size');
  const count = (plcfSed.length - CP_BYTES) / (CP_BYTES + SED_BYTES);
  const sedAt = (count + 1) * CP_BYTES;
  const seen = new Set<number>();
  let found: RevisionKind | null = null;
  for (let i = 0; i < count; i++) {
    const fc = u32le(plcfSed, sedAt + i * SED_BYTES + SED_FC_SEPX_AT);
    if (fc === NO_SEPX || seen.has(fc)) continue;
    seen.add(fc);
    if (fc + SEPX_CB_BYTES > word.wordSize)
      throw corrupt('a Sepx past the WordDocument stream');
    const cb = u16le(
      await readExtents(word.src, word.word, fc, SEPX_CB_BYTES),
      0,
    );
    if (cb > MAX_SEPX_BYTES || fc + SEPX_CB_BYTES + cb > word.wordSize)
      throw corrupt('a Sepx runs past the WordDocument stream');
    found ??= revisionIn(
      await readExtents(word.src, word.word, fc + SEPX_CB_BYTES, cb),
    );
  }
  return found;
}
