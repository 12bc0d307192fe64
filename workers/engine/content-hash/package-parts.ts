/**
 * The content of an Office Open XML, OpenDocument or EPUB package: the members that hold what the
 * reader sees (the body, sheets, slides, chapters) and its pictures. Members are read from the
 * package's central directory of its own; a picture's content is its compressed pixels (a JPEG's
 * scans, a PNG's IDAT data), since cleaning removes the metadata around them.
 */
import { ByteSource } from '../byte-source';
import { throwIfAborted } from '../errors';
import type { FormatId } from '../format-catalog';
import { bytesAccess } from '../random-access';
import { readMember } from '../shared/zip';
import { readZip, type ZipEntry } from '../shared/zip/read';
import type { ContentPart } from './content-part';
import { gatherRanges } from './gather';
import { isJpeg, jpegScanRanges } from './jpeg-scans';
import { pngIdatRanges } from './png-idat';

/** Members holding what the reader sees, per family (ECMA-376 Part 1, 11-13; ODF 1.3 3.1; EPUB 3.3, 3.2). */
const OOXML_CONTENT = [
  /^word\/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$/,
  /^xl\/(worksheets\/sheet\d+|sharedStrings)\.xml$/,
  /^ppt\/(slides\/slide\d+|notesSlides\/notesSlide\d+)\.xml$/,
  /^(word|xl|ppt)\/media\/[^/]+$/,
];
const ODF_CONTENT = [/^content\.xml$/, /^Pictures\/[^/]+$/];
const EPUB_CONTENT = [/\.(x?html?|jpe?g|png|gif|svg|webp)$/i];

const OOXML_IDS: ReadonlySet<FormatId> = new Set(['docx', 'xlsx', 'pptx']);
const ODF_IDS: ReadonlySet<FormatId> = new Set([
  'odt',
  'ods',
  'odp',
  'odg',
  'odf',
  'odc',
]);

export const isPackage = (id: FormatId): boolean =>
  OOXML_IDS.has(id) || ODF_IDS.has(id) || id === 'epub';

function patternsFor(id: FormatId): readonly RegExp[] {
  if (OOXML_IDS.has(id)) return OOXML_CONTENT;
  if (ODF_IDS.has(id)) return ODF_CONTENT;
  return EPUB_CONTENT;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

/** A member's content: a picture's compressed pixels, or the member's bytes as they are. */
function memberContent(src: ByteSource, entry: ZipEntry) {
  return async (): Promise<Uint8Array> => {
    const bytes = await readMember(src, entry);
    const member = new ByteSource(bytesAccess(bytes));
    if (await isJpeg(member))
      return gatherRanges(member, await jpegScanRanges(member));
    if (PNG_SIGNATURE.every((b, i) => bytes[i] === b))
      return gatherRanges(member, await pngIdatRanges(member));
    return bytes;
  };
}

/** The package's content members, in name order so the original and its copy pair up. */
export async function packageContentParts(
  src: ByteSource,
  id: FormatId,
  signal?: AbortSignal,
): Promise<ContentPart[]> {
  const zip = await readZip(src);
  throwIfAborted(signal);
  const patterns = patternsFor(id);
  return zip.entries
    .filter((e) => patterns.some((p) => p.test(e.name)))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((entry) => ({
      kind: 'document-part' as const,
      key: entry.name,
      name: entry.name,
      bytes: { kind: 'decoded' as const, read: memberContent(src, entry) },
    }));
}
