/**
 * Paths on the author's disk (`file:///home/alice/Pictures/cat.png`, `C:\Users\alice\cat.png`,
 * `/Users/alice/...`) name the person, and no one else can load them anyway. A link that starts
 * with one keeps only its file name, so it still resolves next to the SVG; any other attribute
 * that holds one, whatever its name or namespace, goes whole. Root-relative web URLs
 * (`/images/logo.png`) and web links are left alone.
 */
import { finding, type Finding } from '../../findings';
import {
  holdsLocalPath,
  localPathStart,
  shortAscii,
  xmlText,
} from '../../shared/xml';
import type { Attribute, Range } from './tokenizer';

const SLASH = 0x2f;
const BACKSLASH = 0x5c;
const latin1 = new TextDecoder('latin1');

export interface LocalPath {
  /** The folders to drop, or the whole attribute. */
  readonly removal: Range;
  readonly finding: Finding;
}

const isLink = (name: string) => /(^|:)href$/.test(name);

export function localPath(
  bytes: Uint8Array,
  attribute: Attribute,
): LocalPath | null {
  const value = bytes.subarray(attribute.valueStart, attribute.valueEnd);
  const text = shortAscii(value) ?? latin1.decode(value);
  const readable = xmlText(value);
  if (!holdsLocalPath(text) && !holdsLocalPath(readable)) return null;
  const found = finding(
    'identifier.file-name',
    attribute.name,
    'svg',
    readable,
  );
  const prefix = localPathStart(text);
  if (!isLink(attribute.name) || prefix === 0)
    return {
      removal: { start: attribute.start, end: attribute.end },
      finding: found,
    };
  const folders = Math.max(
    prefix,
    value.lastIndexOf(SLASH) + 1,
    value.lastIndexOf(BACKSLASH) + 1,
  );
  return {
    removal: {
      start: attribute.valueStart,
      end: attribute.valueStart + folders,
    },
    finding: found,
  };
}
