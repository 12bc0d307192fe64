/**
 * The content of an Office Open XML, OpenDocument or EPUB package: the members that hold what the
 * reader sees (the body, sheets, slides, chapters) and its pictures. Members are read from the
 * package's central directory of its own; a picture's content is its compressed pixels (a JPEG's
 * scans, a PNG's IDAT data), since cleaning removes the metadata around them.
 */
import { ByteSource } from '../byte-source';
import { EngineError, throwIfAborted } from '../errors';
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

/**
 * The package's family by the members that define it, not by the sniffed id: a sniffer that
 * cannot see the `mimetype` member first answers a provisional id that the analysis refines.
 * `[Content_Types].xml` (ECMA-376 Part 2, 10.1.2.2), `META-INF/container.xml` (EPUB OCF 3.3,
 * 4.2.6.3.1), `content.xml` (ODF 1.3 Part 2, 3.1).
 */
function patternsFor(names: ReadonlySet<string>): readonly RegExp[] | null {
  if (names.has('[Content_Types].xml')) return OOXML_CONTENT;
  if (names.has('META-INF/container.xml')) return EPUB_CONTENT;
  if (names.has('content.xml')) return ODF_CONTENT;
  return null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

/** Folders of pictures and embedded files (ECMA-376 Part 2, 9; ODF 1.3 Part 2, 3.1). */
const MEDIA_FOLDER = /^((word|xl|ppt)\/media|Pictures)\//;

/**
 * A member's content: a picture's compressed pixels, or a text part's bytes as they are. A file
 * in a media folder of another kind (a GIF, an embedded file) is cleaned by its own rules or left
 * out, so its bytes are not the content: it is not compared (`unsupported`).
 */
function memberContent(src: ByteSource, entry: ZipEntry) {
  return async (): Promise<Uint8Array> => {
    const bytes = await readMember(src, entry);
    const member = new ByteSource(bytesAccess(bytes));
    if (await isJpeg(member))
      return gatherRanges(member, await jpegScanRanges(member));
    if (PNG_SIGNATURE.every((b, i) => bytes[i] === b))
      return gatherRanges(member, await pngIdatRanges(member));
    if (MEDIA_FOLDER.test(entry.name))
      throw new EngineError('unsupported', `the content of ${entry.name}`);
    return bytes;
  };
}

/**
 * The package's content members, in name order so the original and its copy pair up; null for a
 * zip of no package family, an archive of files.
 */
export async function packageContentParts(
  src: ByteSource,
  signal?: AbortSignal,
): Promise<ContentPart[] | null> {
  const zip = await readZip(src);
  throwIfAborted(signal);
  const patterns = patternsFor(new Set(zip.byName.keys()));
  if (!patterns) return null;
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
