/**
 * A zip container searched member by member, every member inflated (each bounded by the metadata
 * limit, all of them together by the per-file decompression budget): XML parts by the rules of
 * the package they belong to (Office Open XML, OpenDocument, EPUB), any other member as a file of
 * its own. In a plain archive the members' names are what a person sees when they open it.
 */
import { ByteSource } from '../byte-source';
import { decodeLatin1 } from '../bytes';
import { EngineError } from '../errors';
import { MAX_DECOMPRESSED_BYTES, MAX_METADATA_BYTES } from '../limits';
import { bytesAccess } from '../random-access';
import {
  readMember,
  readZip,
  type ZipArchive,
  type ZipEntry,
} from '../shared/zip';
import { sheetNames, WORKBOOK_PART, WORKBOOK_RELS } from './sheet-names';
import { decodeXml } from '../shared/xml';
import { epubPlaces } from './epub-places';
import type { FileScope } from './hit-sink';
import { odfPlaces } from './odf-places';
import { ooxmlPlaces } from './ooxml-places';
import type { SearchNested } from './pdf-search';
import { SHARED_STRINGS_PART, SharedStringCells } from './shared-string-cells';
import { searchXml, uniformPlaces, type XmlPlaces } from './xml-search';

type PackageKind = 'ooxml' | 'odf' | 'epub' | 'archive';

const EPUB_MIME = 'application/epub+zip';
const ODF_MIME = 'application/vnd.oasis.opendocument.';
/** Enough of a member to tell XML from anything else. */
const XML_HEAD = /^(\uFEFF)?\s*</;

function placesFor(
  kind: PackageKind,
  sheets: ReadonlyMap<string, string>,
  sharedCells: SharedStringCells | undefined,
): (part: string, xml: string) => XmlPlaces {
  if (kind === 'ooxml') return (part) => ooxmlPlaces(part, sheets, sharedCells);
  if (kind === 'odf') return odfPlaces;
  if (kind === 'epub') return epubPlaces;
  return () => uniformPlaces('other-part');
}

/**
 * The members in the order they are searched: the shared string table after the worksheets,
 * whose cells name its strings.
 */
function searchOrder(
  zip: ZipArchive,
  sharedCells: SharedStringCells | undefined,
): readonly ZipEntry[] {
  if (!sharedCells) return zip.entries;
  const table = zip.entries.filter((e) => e.name === SHARED_STRINGS_PART);
  return [
    ...zip.entries.filter((e) => e.name !== SHARED_STRINGS_PART),
    ...table,
  ];
}

function xmlText(bytes: Uint8Array): string | null {
  try {
    const text = decodeXml(bytes);
    return XML_HEAD.test(text.slice(0, 256)) ? text : null;
  } catch {
    return null;
  }
}

/** A member's XML text, or null when it is absent, too large, broken or not XML. */
async function memberXml(
  src: ByteSource,
  zip: ZipArchive,
  name: string,
): Promise<string | null> {
  const entry = zip.byName.get(name);
  if (!entry || entry.uncompressedSize > MAX_METADATA_BYTES) return null;
  const bytes = await readMember(src, entry).catch(() => null);
  return bytes && xmlText(bytes);
}

async function workbookSheets(
  src: ByteSource,
  zip: ZipArchive,
): Promise<Map<string, string>> {
  return sheetNames(
    await memberXml(src, zip, WORKBOOK_PART),
    await memberXml(src, zip, WORKBOOK_RELS),
  );
}

export async function searchZip(
  src: ByteSource,
  scope: FileScope,
  nested: SearchNested,
  signal?: AbortSignal,
): Promise<void> {
  const zip = await readZip(src);
  const mimetype = zip.byName.get('mimetype');
  const mime = mimetype
    ? decodeLatin1(await readMember(src, mimetype)).trim()
    : '';
  const kind: PackageKind = zip.byName.has('[Content_Types].xml')
    ? 'ooxml'
    : mime === EPUB_MIME
      ? 'epub'
      : mime.startsWith(ODF_MIME)
        ? 'odf'
        : 'archive';
  const sheets =
    kind === 'ooxml'
      ? await workbookSheets(src, zip)
      : new Map<string, string>();
  const sharedCells =
    kind === 'ooxml' && zip.byName.has(SHARED_STRINGS_PART)
      ? new SharedStringCells()
      : undefined;
  const places = placesFor(kind, sheets, sharedCells);
  let inflated = 0;
  for (const entry of searchOrder(zip, sharedCells)) {
    if (signal?.aborted) throw new EngineError('cancelled', 'search cancelled');
    scope.text(entry.name, kind === 'archive' ? 'file-name' : 'markup', {
      part: entry.name,
    });
    if (entry.name.endsWith('/')) continue;
    inflated += entry.uncompressedSize;
    if (
      inflated > MAX_DECOMPRESSED_BYTES ||
      entry.uncompressedSize > MAX_METADATA_BYTES
    ) {
      scope.unsearched(entry.name);
      continue;
    }
    let bytes: Uint8Array;
    try {
      bytes = await readMember(src, entry);
    } catch (error) {
      if (error instanceof EngineError && error.code === 'cancelled')
        throw error;
      scope.unsearched(entry.name);
      continue;
    }
    const xml = xmlText(bytes);
    if (xml === null) {
      await nested(
        new ByteSource(bytesAccess(bytes)),
        scope.nested(entry.name),
      );
      continue;
    }
    if (sharedCells && sheets.has(entry.name))
      sharedCells.addSheet(xml, sheets.get(entry.name));
    try {
      searchXml(xml, places(entry.name, xml), scope, entry.name);
    } catch {
      // Broken XML is still searched, as text in a place nobody sees.
      scope.text(xml, 'other-part', { part: entry.name });
    }
  }
}
