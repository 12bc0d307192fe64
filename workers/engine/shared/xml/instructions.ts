/**
 * Processing instructions (XML 1.0 section 2.6) that stay in a cleaned file: the XML declaration
 * and a style sheet link (Associating Style Sheets with XML documents 1.0, `xml-stylesheet`) that
 * points into no folder on the author's disk, which no one else could load. Any other is data for
 * some application that no reader of the file shows: it goes.
 */
import { holdsLocalPath } from './local-path';

/**
 * XML 1.0 section 2.8 (XMLDecl): a version, then maybe an encoding and a standalone flag. An
 * instruction named `xml` that holds anything more, or stands anywhere but at the start, is none
 * (no parser reads the file), only text that rides along with the name.
 */
const DECLARATION =
  /^<\?xml\s+version\s*=\s*(["'])1\.\d+\1(?:\s+encoding\s*=\s*(["'])[A-Za-z][\w.-]*\2)?(?:\s+standalone\s*=\s*(["'])(?:yes|no)\3)?\s*\?>$/;
const TARGET = /^<\?([^\s?]*)/;
const XML = 'xml';
const STYLESHEET = 'xml-stylesheet';

/** The instruction's target, its name (`<?xml-stylesheet href="a.css"?>` -> `xml-stylesheet`). */
export const instructionTarget = (instruction: string): string =>
  TARGET.exec(instruction)?.[1] ?? '';

/**
 * True when the instruction (its whole text, `<?` to `?>`, references as written) stays; `first`:
 * it begins the file (a byte order mark aside).
 */
export function instructionStays(instruction: string, first: boolean): boolean {
  const target = instructionTarget(instruction);
  if (target === XML) return first && DECLARATION.test(instruction);
  return target === STYLESHEET && !holdsLocalPath(instruction);
}
