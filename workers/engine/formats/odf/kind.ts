import { EngineError } from '../../errors';
import type { Sniffed } from '../../format-module';

export const ODF_FORMATS = [
  {
    id: 'odt',
    mime: 'application/vnd.oasis.opendocument.text',
    extensions: ['odt', 'ott'],
  },
  {
    id: 'ods',
    mime: 'application/vnd.oasis.opendocument.spreadsheet',
    extensions: ['ods', 'ots'],
  },
  {
    id: 'odp',
    mime: 'application/vnd.oasis.opendocument.presentation',
    extensions: ['odp', 'otp'],
  },
  {
    id: 'odg',
    mime: 'application/vnd.oasis.opendocument.graphics',
    extensions: ['odg', 'otg'],
  },
  // A formula's template would be .otf, which is an OpenType font to everyone else: not claimed.
  {
    id: 'odf',
    mime: 'application/vnd.oasis.opendocument.formula',
    extensions: ['odf'],
  },
  {
    id: 'odc',
    mime: 'application/vnd.oasis.opendocument.chart',
    extensions: ['odc', 'otc'],
  },
] as const;

/** The document's kind from its `mimetype` member; templates clean like their documents. */
export function odfKind(mimetype: string): Sniffed {
  const base = mimetype.trim().replace(/-template$/, '');
  const known = ODF_FORMATS.find((f) => f.mime === base);
  if (!known)
    throw new EngineError(
      'unsupported',
      `OpenDocument of type ${mimetype.slice(0, 80)} (only text, spreadsheet, presentation, drawing, formula and chart are cleaned)`,
    );
  return { id: known.id, mime: known.mime, extension: known.extensions[0] };
}
