import { EngineError } from '../../../workers/engine/errors';
import { ZipStreamWriter } from '../../../workers/engine/shared/zip/stream-writer';
import type { BatchItem } from '../../machines/batch-items';
import type { CleanSuccess } from '../../worker-bridge/clean-bridge';
import { downloadName } from '../report/download-name';
import { besideName, uniquePaths } from './drop-paths';

/** What a batch gives back: each cleaned copy and the path it takes in the archive or folder. */
export interface Output {
  readonly path: string;
  readonly blob: Blob;
  readonly crc32?: number;
}

/** A batch item with a clean copy. */
export type Cleaned = BatchItem & { readonly result: CleanSuccess };

/**
 * Each copy beside where its original sat, named as the one-file download names it
 * (`trip/cleaned_IMG_0042.HEIC`); two copies that would share a path get ` (2)`.
 */
export function outputsOf(items: readonly Cleaned[]): Output[] {
  const paths = uniquePaths(
    items.map(({ path, file, result }) =>
      besideName(path, downloadName(result.name, file.name, result.format)),
    ),
  );
  return items.map(({ result }, i) => ({
    path: paths[i] as string,
    blob: result.blob,
    ...(result.crc32 === undefined ? {} : { crc32: result.crc32 }),
  }));
}

/**
 * One archive of the copies, as a Blob of parts: the writer's small headers between the copies'
 * own Blobs, so no copy is read or held again to build it. A copy without a CRC-32 is refused:
 * its header could not say it.
 */
export function archiveOf(outputs: readonly Output[]): Blob {
  const writer = new ZipStreamWriter();
  const parts: BlobPart[] = [];
  for (const { path, blob, crc32 } of outputs) {
    if (crc32 === undefined)
      throw new EngineError('corrupt', `no checksum for ${path}`);
    parts.push(
      writer.begin({
        name: path,
        size: blob.size,
        crc32,
      }) as Uint8Array<ArrayBuffer>,
      blob,
    );
    writer.skip(blob.size);
    parts.push(writer.end() as Uint8Array<ArrayBuffer>);
  }
  parts.push(...(writer.finish() as Uint8Array<ArrayBuffer>[]));
  return new Blob(parts, { type: 'application/zip' });
}
