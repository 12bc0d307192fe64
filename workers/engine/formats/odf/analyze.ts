import type { ByteSource } from '../../byte-source';
import type { Analysis, AnalysisContext, Sniffed } from '../../format-module';
import { cleanPackage } from '../../shared/zip';
import { odfPolicy } from './policy';

/**
 * An OpenDocument package, cleaned by the package driver with the OpenDocument policy:
 * `meta.xml` minimal, settings without printer or data sources, thumbnails, signatures and RDF
 * metadata removed, tracked changes accepted, annotations anonymous, embedded images cleaned,
 * the manifest listing what remains, `mimetype` first and stored. Only what the manifest lists is
 * written (see policy.ts).
 */
export async function analyzeOdf(
  src: ByteSource,
  ctx: AnalysisContext,
): Promise<Analysis & { format: Sniffed }> {
  let format: Sniffed | undefined;
  const analysis = await cleanPackage(src, ctx, async (pkg) => {
    const plan = await odfPolicy(pkg);
    format = plan.format;
    return plan;
  });
  return { ...analysis, format: format! };
}
