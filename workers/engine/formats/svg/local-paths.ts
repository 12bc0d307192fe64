/**
 * Paths on the author's disk (`file:///home/alice/Pictures/cat.png`, `C:\Users\alice\cat.png`,
 * `/Users/alice/...`) name the person, and no one else can load them anyway. A link that starts
 * with one keeps only its file name, so it still resolves next to the SVG; any other attribute
 * that holds one, whatever its name or namespace, goes whole. Root-relative web URLs
 * (`/images/logo.png`) and web links are left alone.
 */
import { finding, type Finding } from '../../findings';
import { holdsLocalPath } from '../../shared/xml';
import type { Attribute, Range } from './tokenizer';
import { xmlText } from './values';

const LOCAL_PATH_START =
  /^\s*(?:file:|[A-Za-z]:[\\/]|\\\\|\/home\/|\/Users\/|\/root\/)/i;
/**
 * In a DOCTYPE nothing is a web path: any of these anywhere is the author's disk, a server's
 * share (`\\server\share`) and a drive written with a slash (`D:/art`) too; a drive letter
 * after a letter is a URL's scheme (`http://`).
 */
const LOCAL_PATH_ANYWHERE =
  /file:|[A-Za-z]:\\|(?<![A-Za-z])[A-Za-z]:\/|\\\\|\/home\/|\/Users\/|\/root\//i;
const SLASH = 0x2f;
const BACKSLASH = 0x5c;
const latin1 = new TextDecoder('latin1');

export interface LocalPath {
  /** The folders to drop, or the whole attribute. */
  readonly removal: Range;
  readonly finding: Finding;
}

const isLink = (name: string) => /(^|:)href$/.test(name);

/** Looser: for declarations, where no value is a web address. */
export function mentionsLocalPath(text: string): boolean {
  return LOCAL_PATH_ANYWHERE.test(text);
}

export function localPath(
  bytes: Uint8Array,
  attribute: Attribute,
): LocalPath | null {
  const value = bytes.subarray(attribute.valueStart, attribute.valueEnd);
  const text = latin1.decode(value);
  const readable = xmlText(value);
  if (!holdsLocalPath(text) && !holdsLocalPath(readable)) return null;
  const found = finding(
    'identifier.file-name',
    attribute.name,
    'svg',
    readable,
  );
  const prefix = LOCAL_PATH_START.exec(text);
  if (!isLink(attribute.name) || !prefix)
    return {
      removal: { start: attribute.start, end: attribute.end },
      finding: found,
    };
  const folders = Math.max(
    prefix[0].length,
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
