/**
 * An encrypted PDF as a decrypted copy in memory: what the trailer's /Root and /Info reach,
 * with every string and stream decrypted and the object numbers kept, so the ordinary PDF walk
 * reads it as any other file. The encryption dictionary is left out; the /ID stays.
 */
import { EngineError, throwIfAborted } from '../../../errors';
import { MAX_ENTRIES } from '../../../limits';
import type { PdfDocument } from '../document';
import { isRef, refsOf, type PdfDict, type PdfValue } from '../objects';
import { writeCopy, type CopyObject } from './copy-writer';

/** Objects between cancellation checks. */
const CHECK_EVERY = 256;

export async function decryptedCopy(
  doc: PdfDocument,
  version: string,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const trailer = new Map<string, PdfValue>();
  for (const key of ['Root', 'Info', 'ID']) {
    const v = doc.trailer.map.get(key);
    if (v !== undefined) trailer.set(key, v);
  }
  const queue: number[] = [];
  refsOf({ kind: 'dict', map: trailer }, queue);
  const queued = new Set(queue);
  const objects: CopyObject[] = [];
  for (let i = 0; i < queue.length; i++) {
    if (i % CHECK_EVERY === 0) throwIfAborted(signal);
    const o = await doc.object(queue[i]!);
    if (!o) continue;
    objects.push(
      o.stream
        ? { num: o.num, value: o.value, data: await doc.storedData(o) }
        : { num: o.num, value: o.value },
    );
    const refs: number[] = [];
    refsOf(o.value, refs);
    for (const n of refs) {
      if (queued.has(n)) continue;
      if (queued.size >= MAX_ENTRIES)
        throw new EngineError('corrupt', 'too many PDF objects');
      queued.add(n);
      queue.push(n);
    }
  }
  const t: PdfDict = { kind: 'dict', map: trailer };
  if (!isRef(trailer.get('Root')))
    throw new EngineError('corrupt', 'the trailer has no /Root reference');
  return writeCopy(version, objects, t);
}
