/** Report items for the text chunks: each keyword with its value, XMP decoded item by item. */
import { finding, type Finding } from '../../findings';
import { readXmpFindings } from '../../metadata/xmp';
import {
  XMP_KEYWORD,
  isRawProfile,
  keywordCategory,
  parsePngText,
} from './text';

export function textChunkFindings(type: string, data: Uint8Array): Finding[] {
  const text = parsePngText(type, data);
  const label = text.keyword || type;
  if (text.keyword === XMP_KEYWORD) {
    const where = `${type} ${XMP_KEYWORD}`;
    return readXmpFindings(text.utf8 ?? new Uint8Array(0), where);
  }
  const value = isRawProfile(text.keyword) ? undefined : text.text;
  return [finding(keywordCategory(text.keyword), label, type, value)];
}
