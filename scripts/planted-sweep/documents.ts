/**
 * Documents as LibreOffice writes them, from flat OpenDocument files with canaries planted
 * (`flat-odf.ts`): OpenDocument, OOXML and legacy Office; a PDF exported by LibreOffice with a
 * canary in every Info and XMP field exiftool writes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { join } from 'node:path';
import { CanarySet } from './canaries';
import type { Fixture, FixtureMaker } from './check';
import { sofficeProfile } from './content';
import { dateAndPlaceArgs, exiftoolPlant, textTagArgs } from './exiftool-plant';
import {
  flatDrawing,
  flatPresentation,
  flatSpreadsheet,
  flatText,
  metaXml,
} from './flat-odf';
import { addWordExtras } from './word-extras';
import { addPowerPointExtras } from './powerpoint-extras';
import { corpusPath, withCorpus } from './corpus';

type Kind = 'text' | 'spreadsheet' | 'presentation' | 'drawing';

const FLAT: Record<Kind, { ext: string; make: (set: CanarySet) => string }> = {
  text: { ext: 'fodt', make: flatText },
  spreadsheet: { ext: 'fods', make: flatSpreadsheet },
  presentation: { ext: 'fodp', make: flatPresentation },
  drawing: { ext: 'fodg', make: flatDrawing },
};

interface DocSpec {
  readonly name: string;
  readonly kind: Kind;
  readonly ext: string;
  /** LibreOffice's export filter. */
  readonly filter: string;
}

const SPECS: readonly DocSpec[] = [
  { name: 'ODT', kind: 'text', ext: 'odt', filter: 'odt' },
  { name: 'DOCX', kind: 'text', ext: 'docx', filter: 'docx:MS Word 2007 XML' },
  { name: 'DOC', kind: 'text', ext: 'doc', filter: 'doc:MS Word 97' },
  { name: 'ODS', kind: 'spreadsheet', ext: 'ods', filter: 'ods' },
  {
    name: 'XLSX',
    kind: 'spreadsheet',
    ext: 'xlsx',
    filter: 'xlsx:Calc MS Excel 2007 XML',
  },
  { name: 'XLS', kind: 'spreadsheet', ext: 'xls', filter: 'xls:MS Excel 97' },
  { name: 'ODP', kind: 'presentation', ext: 'odp', filter: 'odp' },
  {
    name: 'PPTX',
    kind: 'presentation',
    ext: 'pptx',
    filter: 'pptx:Impress MS PowerPoint 2007 XML',
  },
  {
    name: 'PPT',
    kind: 'presentation',
    ext: 'ppt',
    filter: 'ppt:MS PowerPoint 97',
  },
  { name: 'ODG', kind: 'drawing', ext: 'odg', filter: 'odg' },
  { name: 'EMF (LibreOffice)', kind: 'drawing', ext: 'emf', filter: 'emf' },
  { name: 'WMF (LibreOffice)', kind: 'drawing', ext: 'wmf', filter: 'wmf' },
  {
    name: 'PDF (LibreOffice)',
    kind: 'text',
    ext: 'pdf',
    filter: 'pdf:writer_pdf_Export',
  },
  {
    name: 'PDF (comments exported)',
    kind: 'text',
    ext: 'pdf',
    filter:
      'pdf:writer_pdf_Export:{"ExportNotes":{"type":"boolean","value":"true"}}',
  },
];

/** LibreOffice's conversion of `source` with `filter`, as `target`. */
function soffice(
  source: string,
  filter: string,
  dir: string,
  target: string,
): void {
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=${sofficeProfile()}`,
      '--headless',
      '--convert-to',
      filter,
      '--outdir',
      dir,
      source,
    ],
    { stdio: 'pipe' },
  );
  renameSync(source.replace(/\.[^.]+$/, `.${target.split('.').pop()}`), target);
}

const PDF_XMP = ['XMP-dc', 'XMP-xmp', 'XMP-xmpMM', 'XMP-pdf', 'XMP-photoshop'];

function documentFixture(dir: string, spec: DocSpec): Fixture {
  const set = new CanarySet();
  const flat = FLAT[spec.kind];
  const source = join(dir, `planted.${flat.ext}`);
  writeFileSync(source, flat.make(set));
  const path = join(dir, `planted.${spec.ext}`);
  soffice(source, spec.filter, dir, path);
  if (spec.ext === 'docx') addWordExtras(path, set);
  if (spec.ext === 'pptx') addPowerPointExtras(path, set);
  if (spec.ext === 'pdf') {
    exiftoolPlant(path, textTagArgs(['PDF'], set));
    exiftoolPlant(path, textTagArgs(PDF_XMP, set));
    exiftoolPlant(path, dateAndPlaceArgs(set, false));
  }
  return {
    name: spec.name,
    path,
    canaries: set,
    gps: false,
    // ImageMagick reads WMF but has no EMF decoder here: an EMF's content is not compared.
    content:
      spec.ext === 'pdf'
        ? 'pdf'
        : spec.ext === 'wmf'
          ? 'pixels'
          : spec.ext === 'emf'
            ? 'none'
            : 'office',
  };
}

/** A corpus OpenDocument file (a formula, a chart) with its meta.xml replaced by a planted one. */
function plantedMetaFixture(
  dir: string,
  name: string,
  corpus: string,
  ext: string,
): Fixture {
  const set = new CanarySet();
  const members = unzipSync(readFileSync(corpusPath(corpus)));
  members['meta.xml'] = strToU8(metaXml(set));
  const { mimetype, ...rest } = members;
  const path = join(dir, `planted.${ext}`);
  writeFileSync(
    path,
    zipSync({ mimetype: [mimetype!, { level: 0 }], ...rest }),
  );
  return { name, path, canaries: set, gps: false, content: 'none' };
}

const formulaFromCorpus: FixtureMaker = {
  name: 'ODF formula (corpus, meta planted)',
  make: (dir: string) =>
    plantedMetaFixture(
      dir,
      'ODF formula (corpus, meta planted)',
      'mat2/dirty.odf',
      'odf',
    ),
};

export const documentFixtures: readonly FixtureMaker[] = [
  ...SPECS.map((spec) => ({
    name: spec.name,
    make: (dir: string) => documentFixture(dir, spec),
  })),
  ...withCorpus([formulaFromCorpus], () => true),
];
