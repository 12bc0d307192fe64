/** Report items for the text chunks: each keyword with its value, XMP decoded item by item. */
import { finding, type Finding } from '../../findings';
import type { InflateBudget } from '../../shared/inflate';
import { readXmpFindings } from '../../metadata/xmp';
import { isRawProfile, rawProfileFindings } from './raw-profile';
import { XMP_KEYWORD, keywordField, parsePngText } from './text';

export function textChunkFindings(
  type: string,
  data: Uint8Array,
  budget: InflateBudget,
): Finding[] {
  const text = parsePngText(type, data, budget);
  const label = text.keyword || type;
  if (text.keyword === XMP_KEYWORD && text.utf8 === undefined)
    return [finding('other.data', XMP_KEYWORD, type)];
  if (text.keyword === XMP_KEYWORD) {
    const where = `${type} ${XMP_KEYWORD}`;
    return readXmpFindings(text.utf8 ?? new Uint8Array(0), where);
  }
  if (isRawProfile(text.keyword))
    return rawProfileFindings(text.keyword, text.text, `${type} ${label}`);
  return [finding(keywordField(text.keyword), label, type, text.text)];
}
