/** Readable values for the SVG report. */
import type { FieldId } from '../../fields';
import { localName } from './namespaces';

/** Editor attributes that name files on the author's disk, or the editor's version. */
export function editorAttributeField(name: string): FieldId {
  const local = localName(name).toLowerCase();
  if (/docname|filename|absref|docbase|path/.test(local))
    return 'identifier.file-name';
  if (local.includes('version')) return 'software.detail';
  return 'software.detail';
}
