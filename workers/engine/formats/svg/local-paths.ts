/**
 * Linked images saved by desktop editors point at the author's disk
 * (`file:///home/alice/Pictures/cat.png`, `C:\Users\alice\cat.png`): the folders name the person
 * and no one else can load them anyway. The link keeps only its file name, so it still resolves
 * next to the SVG. Root-relative web URLs (`/images/logo.png`) are left alone.
 */
import { finding, type Finding } from '../../findings';
import type { Attribute, Range } from './tokenizer';
import { xmlText } from './values';

const LOCAL_PATH = /^\s*(?:file:|[A-Za-z]:[\\/]|\\\\|\/home\/|\/Users\/)/;
const SLASH = 0x2f;
const BACKSLASH = 0x5c;
const latin1 = new TextDecoder('latin1');

export interface LocalPath {
  /** The folders to drop: from the value's start through its last separator. */
  readonly removal: Range;
  readonly finding: Finding;
}

export function localPath(
  bytes: Uint8Array,
  attribute: Attribute,
): LocalPath | null {
  if (!/(^|:)href$/.test(attribute.name)) return null;
  const value = bytes.subarray(attribute.valueStart, attribute.valueEnd);
  const prefix = LOCAL_PATH.exec(latin1.decode(value));
  if (!prefix) return null;
  const folders = Math.max(
    prefix[0].length,
    value.lastIndexOf(SLASH) + 1,
    value.lastIndexOf(BACKSLASH) + 1,
  );
  const removal = {
    start: attribute.valueStart,
    end: attribute.valueStart + folders,
  };
  const path = xmlText(value);
  return {
    removal,
    finding: finding('identifier', attribute.name, 'svg', path),
  };
}
