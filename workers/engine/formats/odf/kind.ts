import { EngineError } from '../../errors';
import { catalogFormats, sniffedAs, type Sniffed } from '../../format-catalog';

export const ODF_FORMATS = catalogFormats(
  'odt',
  'ods',
  'odp',
  'odg',
  'odf',
  'odc',
);

/** The document's kind from its `mimetype` member; templates clean like their documents. */
export function odfKind(mimetype: string): Sniffed {
  const base = mimetype.trim().replace(/-template$/, '');
  const known = ODF_FORMATS.find((f) => f.mime === base);
  if (!known)
    throw new EngineError(
      'unsupported',
      `OpenDocument of type ${mimetype.slice(0, 80)} (only text, spreadsheet, presentation, drawing, formula and chart are cleaned)`,
    );
  return sniffedAs(known.id);
}
