/**
 * A file's bytes through the whole engine, as a test of one format wants them: the cleaned
 * bytes, or the code of the typed error it was refused with.
 */
import { cleanPlan, planToBlob } from '../../workers/engine';
import { EngineError } from '../../workers/engine/errors';
import { blobOf } from './video-tools';

export async function cleanBytes(bytes: Uint8Array): Promise<Uint8Array> {
  const blob = blobOf(bytes);
  const { plan } = await cleanPlan(blob);
  return new Uint8Array(await (await planToBlob(blob, plan)).arrayBuffer());
}

/** The code of the typed error a clean of `bytes` ends in; 'none' when it cleans. */
export async function errorCodeOf(bytes: Uint8Array): Promise<string> {
  try {
    await cleanPlan(blobOf(bytes));
  } catch (error) {
    if (error instanceof EngineError) return error.code;
    throw error;
  }
  return 'none';
}
