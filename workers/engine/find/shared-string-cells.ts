/**
 * Which cells show which shared string (ECMA-376 Part 1, 18.4.9 sst and 18.4.8 si; 18.3.1.4 c:
 * a cell whose type `t` is `s` (18.18.11 ST_CellType) holds in its value `v` (18.3.1.96) the
 * zero-based index of a string item of `xl/sharedStrings.xml`). Found in a shared string, a word
 * is then named as the visitor knows it: cell B7 of sheet "Budget".
 */
import { localName, walkXml, type XmlElement } from '../shared/xml';
import type { FindPlace } from './places';
import {
  ancestor,
  attributeValue,
  type Placed,
  type XmlPlaces,
} from './xml-search';

export const SHARED_STRINGS_PART = 'xl/sharedStrings.xml';

/** Cells named per string: enough to find it; a string used in a whole column is not listed whole. */
export const MAX_CELLS_PER_STRING = 3;
/** Cell references kept in all, so a hostile sheet of a million indices cannot fill memory. */
export const MAX_SHARED_CELL_REFS = 262_144;

const SHARED_STRING_TYPE = 's';
const CELL: FindPlace = 'sheet-cell';

interface CellRef {
  readonly sheet: string | undefined;
  readonly cell: string;
}

/** The cells that use each shared string, gathered from the workbook's worksheets as they are read. */
export class SharedStringCells {
  private readonly cells = new Map<number, CellRef[]>();
  private kept = 0;

  /** Adds the shared-string cells of one worksheet; a broken worksheet adds what it held before the break. */
  addSheet(xml: string, sheet: string | undefined): void {
    try {
      walkXml(xml, {
        close: (element) => this.addValue(element, sheet),
      });
    } catch {
      // The worksheet is searched (and judged) on its own; its cells just go unnamed here.
    }
  }

  /** The cells showing string item `index`, at most MAX_CELLS_PER_STRING. */
  cellsOf(index: number): readonly CellRef[] {
    return this.cells.get(index) ?? [];
  }

  private addValue(element: XmlElement, sheet: string | undefined): void {
    if (localName(element.name) !== 'v' || this.kept >= MAX_SHARED_CELL_REFS)
      return;
    const cell = element.parent;
    if (!cell || localName(cell.name) !== 'c') return;
    if (attributeValue(cell, 't') !== SHARED_STRING_TYPE) return;
    const ref = attributeValue(cell, 'r');
    const index = Number(element.text.trim());
    if (ref === undefined || !Number.isSafeInteger(index) || index < 0) return;
    const refs = this.cells.get(index) ?? [];
    if (refs.length >= MAX_CELLS_PER_STRING) return;
    refs.push({ sheet, cell: ref });
    this.cells.set(index, refs);
    this.kept += 1;
  }
}

/**
 * The shared string table's rules: the text of string item n (its runs and phonetic runs
 * joined) is placed in each cell that shows it, a string no cell names is a cell with no
 * reference. Items are counted as they close, and their text closes before them.
 */
export function sharedStringPlaces(cells: SharedStringCells): XmlPlaces {
  let index = 0;
  return {
    text(element): Placed | readonly Placed[] {
      const item = ancestor(element, 'si');
      const refs = item ? cells.cellsOf(index) : [];
      if (item === element) index += 1;
      if (refs.length === 0) return { place: CELL };
      return refs.map(({ sheet, cell }) => ({
        place: CELL,
        where: { ...(sheet === undefined ? {} : { sheet }), cell },
      }));
    },
    attribute: () => ({ place: 'markup' }),
  };
}
