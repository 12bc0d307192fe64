import { EngineError } from '../../errors';
import {
  catalogEntry,
  catalogFormats,
  type Sniffed,
} from '../../format-catalog';
import type { ZipArchive } from '../../shared/zip';

export const OOXML_FORMATS = catalogFormats('docx', 'xlsx', 'pptx');

const MACRO_MIME = {
  docx: 'application/vnd.ms-word.document.macroEnabled.12',
  xlsx: 'application/vnd.ms-excel.sheet.macroEnabled.12',
  pptx: 'application/vnd.ms-powerpoint.presentation.macroEnabled.12',
} as const;

const FOLDERS = { word: 'docx', xl: 'xlsx', ppt: 'pptx' } as const;

/** Which Office document a package is, from its main folder; macros make it a .docm/.xlsm/.pptm. */
export function officeKind(zip: ZipArchive): Sniffed {
  for (const [folder, id] of Object.entries(FOLDERS)) {
    if (!zip.entries.some((e) => e.name.toLowerCase().startsWith(`${folder}/`)))
      continue;
    const macros = zip.entries.some((e) =>
      /(^|\/)vbaProject\.bin$/i.test(e.name),
    );
    return macros
      ? { id, mime: MACRO_MIME[id], extension: `${id.slice(0, 3)}m` }
      : { id, mime: catalogEntry(id).mime, extension: id };
  }
  if (zip.byName.has('mimetype'))
    throw new EngineError(
      'unsupported',
      'a zip package whose mimetype member names a kind that is not cleaned',
    );
  throw new EngineError(
    'unsupported',
    'a zip archive that is not a Word, Excel or PowerPoint document',
  );
}
