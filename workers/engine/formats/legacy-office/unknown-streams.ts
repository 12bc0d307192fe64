/**
 * The document's own streams are a keep-list: a stream at the root of a Word, Excel or PowerPoint
 * file that the format does not define, in any spelling of its name, is emptied (overwritten with
 * zeros at its size, as every change here is) and named in the report, never copied unexamined.
 * Storages (embedded objects, macros, pivot caches) are walked by their own rules; an embedded
 * object's root is not held to this list, since an object's streams are its program's own.
 */
import { finding } from '../../findings';
import {
  CURRENT_USER_STREAM,
  EXCEL_95_STREAM,
  EXCEL_STREAM,
  OLE_STREAMS,
  POWERPOINT_STREAM,
  TABLE_STREAMS,
  WORD_STREAM,
} from './kind';
import { isPropertySetStream } from './property-sets';
import { Cleaning, sameEntryName, type Storage } from './storage';

/**
 * Root streams the formats define and the engine reads, cleans or keeps as content:
 * [MS-DOC] 2.1 (WordDocument, the table streams, Data), [MS-XLS] 2.1.2 (Workbook, Book),
 * [MS-PPT] 2.1.1 (PowerPoint Document, Current User, Pictures), [MS-OLEDS] 2.3 (the OLE streams
 * of a document that is itself an object). Property sets are rewritten by property-sets.ts.
 */
const DOCUMENT_STREAMS = [
  WORD_STREAM,
  ...TABLE_STREAMS,
  'Data',
  EXCEL_STREAM,
  EXCEL_95_STREAM,
  POWERPOINT_STREAM,
  CURRENT_USER_STREAM,
  'Pictures',
  ...OLE_STREAMS,
];

const known = (name: string) =>
  isPropertySetStream(name) ||
  DOCUMENT_STREAMS.some((kept) => sameEntryName(kept, name));

export function emptyUnknownStreams(root: Storage, out: Cleaning): void {
  for (const stream of root.streams) {
    if (known(stream.name) || stream.size === 0) continue;
    out.findings.push(
      finding(
        'document.unknown-part',
        'unknown stream',
        `${root.location}/${stream.name}`,
        stream.name,
      ),
    );
    out.write(root, stream, 0, new Uint8Array(stream.size));
  }
}
