/**
 * What an object is by where it is referenced, not by what it says about itself: the kids of the
 * page tree are page tree nodes or pages, a page's `/Annots` are annotations, and the values of a
 * resource dictionary's `/XObject` are XObjects (ISO 32000-2, 7.7.3, 12.5.1, 7.8.3). A damaged or
 * changed `/Type` therefore cannot take a dictionary out of the keep-list.
 */
import type { KeptKind } from './keep';
import {
  isArray,
  isDict,
  isRef,
  type PdfDict,
  type PdfObject,
  type PdfValue,
} from './objects';

export type Position =
  'page-node' | 'annotation' | 'xobject' | 'annots' | 'resources';

export type Positions = Map<number, Position>;

function note(
  v: PdfValue | undefined,
  as: Position,
  positions: Positions,
): void {
  for (const r of isArray(v) ? v.items : [v])
    if (isRef(r) && !positions.has(r.num)) positions.set(r.num, as);
}

/** Notes the positions a dictionary gives the objects it references. */
export function notePositions(
  d: PdfDict,
  kind: KeptKind | null,
  positions: Positions,
): void {
  const m = d.map;
  if (kind === 'catalog') note(m.get('Pages'), 'page-node', positions);
  if (kind === 'pages') note(m.get('Kids'), 'page-node', positions);
  if (kind === 'page') {
    const annots = m.get('Annots');
    if (isRef(annots)) note(annots, 'annots', positions);
    else note(annots, 'annotation', positions);
  }
  note(m.get('Resources'), 'resources', positions);
  const xobjects = m.get('XObject');
  if (isDict(xobjects))
    for (const v of xobjects.map.values()) note(v, 'xobject', positions);
}

/** An `/Annots` array in an object of its own: its items are annotations. */
export function noteArrayPositions(o: PdfObject, positions: Positions): void {
  if (positions.get(o.num) === 'annots' && isArray(o.value))
    note(o.value, 'annotation', positions);
}

/** The kept kind a position gives a dictionary, if any. */
export function kindAt(
  d: PdfDict,
  position: Position | undefined,
): KeptKind | null {
  if (position === 'page-node') return d.map.has('Kids') ? 'pages' : 'page';
  if (position === 'annotation') return 'annotation';
  if (position === 'xobject') return 'xobject';
  if (position === 'resources') return 'resources';
  return null;
}
