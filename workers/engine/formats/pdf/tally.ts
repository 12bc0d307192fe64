import type { PdfDict, PdfValue } from './objects';
import type { Positions } from './positions';

/** What the walk of a PDF's objects counts and collects for the report, as it goes. */
export interface Tally {
  comments: number;
  javascript: number;
  filledFields: number;
  /** Referenced XMP streams, to read for the report; the key is removed here. */
  readonly xmp: { value: PdfValue; owner: string }[];
  /** Signature fields whose value (the signature dictionary) was removed, to read for the report. */
  readonly signatures: { value: PdfValue; field: string }[];
  /** Field values held in objects of their own: a signature (inherited type) or a filled value. */
  readonly indirectValues: { owner: PdfDict; field: string }[];
  /** Embedded file streams by object number, with the attachment's name. */
  readonly attachmentNames: Map<number, string>;
  /** Content streams by object number, with where they are shown (a page, a glyph). */
  readonly contentStreams: Map<number, string>;
  /** File specifications met so far, to number their neutral names. */
  fileNames: number;
  /** Pages met so far, to name a page in an error. */
  pages: number;
  /** What referenced objects are by where they are referenced. */
  readonly positions: Positions;
}

export function newTally(): Tally {
  return {
    comments: 0,
    javascript: 0,
    filledFields: 0,
    xmp: [],
    signatures: [],
    indirectValues: [],
    attachmentNames: new Map(),
    contentStreams: new Map(),
    fileNames: 0,
    pages: 0,
    positions: new Map(),
  };
}
