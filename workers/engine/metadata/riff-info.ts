/** RIFF INFO list tags (RIFF 1.0 "INFO List Chunk", plus common additions), by report category. */
import type { FindingCategory } from '../findings';

const INFO_CATEGORIES: Readonly<Record<string, FindingCategory>> = {
  IART: 'author',
  IENG: 'author',
  ITCH: 'author',
  ICOP: 'author',
  ICMS: 'author',
  ICMT: 'comment',
  IKEY: 'comment',
  ISBJ: 'comment',
  ICRD: 'time',
  IDIT: 'time',
  ISFT: 'software',
  ISRC: 'other',
  ISRF: 'other',
  INAM: 'other',
  IPRD: 'other',
  IGNR: 'other',
  ISMP: 'other',
  IDPI: 'other',
  ILGT: 'other',
  IMED: 'other',
  IPLT: 'other',
  ISHP: 'other',
  ICRP: 'other',
  IDIM: 'other',
  ISTR: 'author',
  IARL: 'location',
  ICNT: 'location',
};

export function infoCategory(id: string): FindingCategory {
  return INFO_CATEGORIES[id] ?? 'other';
}
