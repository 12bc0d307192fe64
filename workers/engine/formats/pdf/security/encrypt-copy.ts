/**
 * Encrypts a cleaned PDF (our writer's output: one revision, objects 1..N) with the input's
 * security handler: every string and stream under its object's key (ISO 32000-2, 7.6.2), the
 * encryption dictionary written directly in the trailer, where nothing is encrypted.
 */
import { ByteSource } from '../../../byte-source';
import { EngineError, throwIfAborted } from '../../../errors';
import { bytesAccess } from '../../../random-access';
import { PdfDocument } from '../document';
import { isArray, isString, type PdfDict, type PdfValue } from '../objects';
import { PdfWindow } from '../window';
import { writeCopy, type CopyObject } from './copy-writer';
import type { PdfSecurity } from './handler';
import { mapStrings, streamKind } from './values';

/** Objects between cancellation checks. */
const CHECK_EVERY = 256;
/** Our writer writes every object with generation 0. */
const GEN = 0;

export async function encryptCopy(
  plain: Uint8Array,
  version: string,
  input: PdfSecurity,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const doc = await PdfDocument.open(
    new PdfWindow(new ByteSource(bytesAccess(plain))),
  );
  const id = doc.trailer.map.get('ID');
  const id0 = isArray(id) ? id.items[0] : undefined;
  if (!isString(id0))
    throw new EngineError('corrupt', 'the cleaned PDF has no /ID');
  const security = input.forCopy(id0.bytes);
  const size = doc.trailer.map.get('Size');
  const count =
    typeof size === 'object' && size?.kind === 'num' ? size.value : 0;
  const objects: CopyObject[] = [];
  for (let n = 1; n < count; n++) {
    if (n % CHECK_EVERY === 0) throwIfAborted(signal);
    const o = await doc.object(n);
    if (!o) continue;
    const value = await mapStrings(o.value, (b) =>
      security.encrypt('string', b, n, GEN),
    );
    if (!o.stream) {
      objects.push({ num: n, value });
      continue;
    }
    const stored = await doc.storedData(o);
    const kind = streamKind(o.value as PdfDict, security);
    const data = kind ? await security.encrypt(kind, stored, n, GEN) : stored;
    objects.push({ num: n, value, data });
  }
  const trailer = new Map<string, PdfValue>([
    ['Root', doc.trailer.map.get('Root') ?? null],
    ['Encrypt', security.dict],
    ['ID', id ?? null],
  ]);
  return writeCopy(version, objects, { kind: 'dict', map: trailer });
}
