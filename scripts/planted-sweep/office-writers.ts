/**
 * Word and Excel files from python-docx and openpyxl (`python/office_plant.py`): core properties,
 * comments, custom properties and a custom XML item that must go; text, headers, footers,
 * hyperlinks, alt text, a sheet's name, a defined name and validation prompts that must stay.
 */
import { join } from 'node:path';
import { CanarySet } from './canaries';
import type { Fixture, FixtureMaker } from './check';
import { pythonPlant } from './python-writers';

const ROWS: readonly [string, 'docx' | 'xlsx'][] = [
  ['DOCX (python-docx)', 'docx'],
  ['XLSX (openpyxl)', 'xlsx'],
];

function officeFixture(dir: string, name: string, ext: string): Fixture {
  const set = new CanarySet();
  const path = join(dir, `planted.${ext}`);
  pythonPlant('office_plant.py', [ext, path], set);
  return { name, path, canaries: set, gps: false, content: 'office' };
}

export const officeWriterFixtures: readonly FixtureMaker[] = ROWS.map(
  ([name, ext]) => ({
    name,
    make: (dir: string) => officeFixture(dir, name, ext),
  }),
);
