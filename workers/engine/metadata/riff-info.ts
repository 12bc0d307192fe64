/** RIFF INFO list tags (RIFF 1.0 "INFO List Chunk", plus common additions), by field. */
import type { FieldId } from '../fields';

const INFO_FIELDS: Readonly<Record<string, FieldId>> = {
  IART: 'author.name',
  IENG: 'author.name',
  ITCH: 'author.name',
  ICOP: 'author.copyright',
  ICMS: 'author.name',
  ICMT: 'content.comment',
  IKEY: 'content.keywords',
  ISBJ: 'content.description',
  ICRD: 'time.created',
  IDIT: 'time.taken',
  ISFT: 'software.creator',
  ISRC: 'author.organization',
  ISRF: 'content.detail',
  INAM: 'content.title',
  IPRD: 'content.detail',
  IGNR: 'content.detail',
  ISMP: 'content.detail',
  IDPI: 'content.detail',
  ILGT: 'content.detail',
  IMED: 'content.detail',
  IPLT: 'content.detail',
  ISHP: 'content.detail',
  ICRP: 'content.detail',
  IDIM: 'content.detail',
  ISTR: 'author.name',
  IARL: 'place.name',
  ICNT: 'place.name',
};

export function infoField(id: string): FieldId {
  return INFO_FIELDS[id] ?? 'other.data';
}
