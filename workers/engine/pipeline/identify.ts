/**
 * The first step of every file: which module reads it (its signature, or the media type a
 * container read), and whether its size is within the limit of its family.
 */
import type { ByteSource } from '../byte-source';
import { EngineError, NO_FORMAT_MATCHED } from '../errors';
import { formatCatalog, type Sniffed } from '../format-catalog';
import type { FormatModule } from '../format-module';
import { MAX_DOCUMENT_BYTES, SNIFF_BYTES, maxBytesFor } from '../limits';
import { formatRegistry } from '../registry';

/**
 * The file's module: the first whose signature matches, or, when a container already read what
 * the file is (`as`, a media type), the module that declares that type.
 */
async function sniffed(
  src: ByteSource,
  as?: string,
): Promise<[FormatModule, Sniffed]> {
  if (as !== undefined) {
    for (const entry of formatRegistry) {
      const format = entry.formats.find((f) => f.mime === as);
      if (format)
        return [
          await entry.load(),
          {
            id: format.id,
            mime: format.mime,
            extension: format.extensions[0]!,
          },
        ];
    }
    throw new EngineError('unsupported', `files of type ${as.slice(0, 80)}`);
  }
  const head = await src.read(0, SNIFF_BYTES);
  for (const entry of formatRegistry) {
    const found = entry.sniff(head);
    if (found) return [await entry.load(), found];
  }
  throw new EngineError('unsupported', NO_FORMAT_MATCHED);
}

/**
 * The size limit of the file's family, by its sniffed format. A format missing from the catalog
 * gets the strictest limit: failing closed on size costs a refusal, never an unbounded parse.
 */
export function sizeLimitFor(id: Sniffed['id']): number {
  const entry = formatCatalog.find((e) => e.id === id);
  return entry ? maxBytesFor(entry.kind) : MAX_DOCUMENT_BYTES;
}

/** The file's module and format, or `unsupported`, or `too-large` over its family's limit. */
export async function identify(
  src: ByteSource,
  as?: string,
): Promise<[FormatModule, Sniffed]> {
  const [module, format] = await sniffed(src, as);
  const limit = sizeLimitFor(format.id);
  if (src.size > limit)
    throw new EngineError(
      'too-large',
      `${format.id} of ${src.size} bytes, over ${limit}`,
    );
  return [module, format];
}
