import type { ByteSource } from '../../byte-source';
import type { Analysis, AnalysisContext } from '../../format-module';
import { cleanPackage } from '../../shared/zip';
import { epubPolicy } from './policy';

/**
 * An EPUB, cleaned by the package driver with the EPUB policy: the package document keeps only
 * title, language, a fresh identifier and a fixed modification date; the NCX loses its author;
 * XHTML heads lose their meta and comments go; only what the container and the package
 * documents reach is written; images are cleaned; `mimetype` stays first and stored.
 */
export async function analyzeEpub(
  src: ByteSource,
  ctx: AnalysisContext,
): Promise<Analysis> {
  return cleanPackage(src, ctx, epubPolicy);
}
