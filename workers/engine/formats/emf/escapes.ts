/**
 * Escape records ([MS-EMF] 2.3.6): data for a printer driver, which no drawing reads (a screen
 * shows the picture without them). EMR_DRAWESCAPE and EMR_EXTESCAPE keep iEscape and cjIn and
 * lose their data; EMR_NAMEDESCAPE also names the driver, so everything after iEscape goes.
 */
import { zeroRange, type Cleaning } from './cleaning';
import type { EmfRecord } from './records';

const ESCAPE_DATA_AT: ReadonlyMap<number, number> = new Map([
  [0x69, 16], // EMR_DRAWESCAPE: iEscape, cjIn, EscData
  [0x6a, 16], // EMR_EXTESCAPE
  [0x6e, 16], // EMR_NAMEDESCAPE: iEscape, cjDriver, cjIn, DriverName and EscData
]);

export function cleanEscape(
  bytes: Uint8Array,
  record: EmfRecord,
  out: Cleaning,
): void {
  const from = ESCAPE_DATA_AT.get(record.type);
  if (from === undefined) return;
  zeroRange(
    out,
    bytes,
    record.at + Math.min(from, record.size),
    record.at + record.size,
    {
      field: 'other.data',
      label: 'printer escape data',
      location: `escape record at ${record.at}`,
    },
  );
}
