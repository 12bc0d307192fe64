/**
 * PDFs from writers other than LibreOffice: pikepdf (`python/pikepdf_plant.py`: Info, XMP, piece
 * dictionaries, annotations, attachments, bookmarks, form fields) and Ghostscript from PostScript
 * with pdfmark (`/DOCINFO`, `/ANN`, `/EMBED`, `/OUT`, `/ARTICLE`, and `/PUT` of keys and XMP into
 * the catalog and the page).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CanarySet } from './canaries';
import type { Fixture, FixtureMaker } from './check';
import { pythonPlant } from './python-writers';

function pikepdfFixture(dir: string): Fixture {
  const set = new CanarySet();
  const path = join(dir, 'planted.pdf');
  pythonPlant('pikepdf_plant.py', [path], set);
  return {
    name: 'PDF (pikepdf)',
    path,
    canaries: set,
    gps: false,
    content: 'pdf',
  };
}

/** PostScript text: only letters and digits go in, so no escaping is needed. */
function postScript(set: CanarySet): string {
  const t = (field: string) => set.text(`pdfmark ${field}`);
  return `%!PS
[ /Title (${t('DOCINFO Title')}) /Author (${t('DOCINFO Author')}) /Subject (${t('DOCINFO Subject')})
  /Keywords (${t('DOCINFO Keywords')}) /Creator (${t('DOCINFO Creator')})
  /${t('DOCINFO own key name')} (${t('DOCINFO own key value')})
  /CreationDate (D:19710203040506Z) /ModDate (D:19710203040506Z) /DOCINFO pdfmark
[ /_objdef {notes} /type /stream /OBJ pdfmark
[ {notes} (${set.content('pdfmark EMBED file contents')}) /PUT pdfmark
[ {notes} << /Type /EmbeddedFile /Params << /ModDate (D:19710203040506Z) >> >> /PUT pdfmark
[ /Name (${set.text('pdfmark EMBED name')}) /FS << /Type /Filespec /F (notes.txt)
  /Desc (${set.text('pdfmark EMBED /Desc')}) /EF << /F {notes} >> >> /EMBED pdfmark
[ /Title (${set.content('pdfmark OUT bookmark title')}) /Page 1 /OUT pdfmark
[ {Catalog} << /${t('PUT catalog key name')} (${t('PUT catalog key value')}) >> /PUT pdfmark
[ /_objdef {xmp} /type /stream /OBJ pdfmark
[ {xmp} (<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${t('PUT catalog XMP dc:creator')}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>) /PUT pdfmark
[ {xmp} << /Type /Metadata /Subtype /XML >> /PUT pdfmark
[ {Catalog} << /Metadata {xmp} >> /PUT pdfmark
/Helvetica findfont 14 scalefont setfont
72 700 moveto (${set.content('page text')}) show
[ {ThisPage} << /${t('PUT page key name')} (${t('PUT page key value')}) /PieceInfo << /Planted << /Private (${t('PUT page PieceInfo')}) >> >> >> /PUT pdfmark
[ /Title (${set.content('ARTICLE title')}) /Author (${t('ARTICLE author')}) /Subject (${t('ARTICLE subject')}) /Rect [72 72 540 720] /ARTICLE pdfmark
[ /Subtype /Stamp /Rect [300 600 400 650] /Name /Approved /T (${t('stamp /T author')}) /Contents (${t('stamp /Contents')}) /ANN pdfmark
[ /Rect [72 600 200 650] /Subtype /Text /Title (${t('ANN /T author')})
  /Contents (${t('ANN /Contents')}) /M (D:19710203040506Z) /ANN pdfmark
[ /Rect [72 500 300 550] /Subtype /Link /Action << /S /URI /URI (http://example.com/${set.content('ANN link URI')}) >> /ANN pdfmark
showpage
`;
}

function ghostscriptFixture(dir: string): Fixture {
  const set = new CanarySet();
  const source = join(dir, 'planted.ps');
  writeFileSync(source, postScript(set));
  set.fixed('pdfmark dates', '19710203040506');
  const path = join(dir, 'planted.pdf');
  execFileSync(
    'gs',
    [
      '-q',
      '-dNOPAUSE',
      '-dBATCH',
      '-dSAFER',
      '-sDEVICE=pdfwrite',
      `-sOutputFile=${path}`,
      source,
    ],
    { stdio: 'pipe' },
  );
  return {
    name: 'PDF (Ghostscript pdfmark)',
    path,
    canaries: set,
    gps: false,
    content: 'pdf',
  };
}

export const pdfWriterFixtures: readonly FixtureMaker[] = [
  { name: 'PDF (pikepdf)', make: pikepdfFixture },
  { name: 'PDF (Ghostscript pdfmark)', make: ghostscriptFixture },
];
