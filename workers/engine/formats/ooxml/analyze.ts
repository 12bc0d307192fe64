import type { ByteSource } from '../../byte-source';
import type { Analysis, AnalysisContext, Sniffed } from '../../format-module';
import {
  cleanPackage,
  readMember,
  readZip,
  type ZipArchive,
} from '../../shared/zip';
import { catalogEntry } from '../../format-catalog';
import { officeKind } from './kind';
import { officePolicy } from './policy';

/** Longer than any OpenDocument media type: not one. */
const MAX_MIMETYPE_BYTES = 100;
/** Packages that name their kind in a `mimetype` member: OpenDocument and EPUB. */
const MIMETYPE_PACKAGE =
  /^(application\/vnd\.oasis\.opendocument\.|application\/epub\+zip$)/;

/**
 * An OpenDocument or EPUB whose `mimetype` member is not the first (OpenDocument 1.3 part 2,
 * section 3.3, and OCF 3.3 require it first) is sniffed as any zip and reaches here. Its own
 * module cleans it, by the media type the member states; the clean copy has `mimetype` first and
 * stored, as it should.
 */
async function misplacedMimetype(
  src: ByteSource,
  zip: ZipArchive,
  ctx: AnalysisContext,
): Promise<(Analysis & { format: Sniffed }) | null> {
  const entry = zip.byName.get('mimetype');
  if (
    !entry ||
    entry.uncompressedSize > MAX_MIMETYPE_BYTES ||
    zip.entries.some((e) => /^(word|xl|ppt)\//.test(e.name))
  )
    return null;
  const mime = new TextDecoder()
    .decode(await readMember(src, entry))
    .trim()
    .replace(/-template$/, '');
  if (!MIMETYPE_PACKAGE.test(mime)) return null;
  const { format, analysis } = await ctx.nested.analyzeRange(src, 0, mime);
  return { ...analysis, format };
}

/**
 * A zip that is no package of any kind (no Office folder, no `[Content_Types].xml` of an Open
 * Packaging Conventions package, no `mimetype` naming a kind): an archive of files, cleaned member
 * by member by the archive module. A package of a kind we do not clean stays refused.
 */
function isPlainArchive(zip: ZipArchive): boolean {
  return !zip.entries.some((e) =>
    /^((word|xl|ppt)\/|\[content_types\]\.xml$|mimetype$)/i.test(e.name),
  );
}

/**
 * An Office Open XML package, cleaned by the package driver with the Office policy: only the
 * parts its relationships reach are written (see policy.ts).
 */
export async function analyzeOoxml(
  src: ByteSource,
  ctx: AnalysisContext,
): Promise<Analysis & { format: Sniffed }> {
  const zip = await readZip(src);
  const odf = await misplacedMimetype(src, zip, ctx);
  if (odf) return odf;
  if (isPlainArchive(zip)) {
    const { format, analysis } = await ctx.nested.analyzeRange(
      src,
      0,
      catalogEntry('zip').mime,
    );
    return { ...analysis, format };
  }
  const format = officeKind(zip);
  return { format, ...(await cleanPackage(src, ctx, officePolicy, zip)) };
}
