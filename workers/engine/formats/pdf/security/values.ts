/** What the standard security handler encrypts in an object (ISO 32000-2, 7.6.2). */
import { EngineError } from '../../../errors';
import { nameOf, namesOf, type PdfDict, type PdfValue } from '../objects';
import type { DataKind, PdfSecurity } from './handler';

/** A value with every string run through `f`; dictionaries and arrays are copied. */
export async function mapStrings(
  v: PdfValue,
  f: (bytes: Uint8Array) => Promise<Uint8Array>,
): Promise<PdfValue> {
  if (typeof v !== 'object' || v === null) return v;
  switch (v.kind) {
    case 'str':
      return { kind: 'str', bytes: await f(v.bytes) };
    case 'array': {
      const items: PdfValue[] = [];
      for (const item of v.items) items.push(await mapStrings(item, f));
      return { kind: 'array', items };
    }
    case 'dict': {
      const map = new Map<string, PdfValue>();
      for (const [key, item] of v.map) map.set(key, await mapStrings(item, f));
      return { kind: 'dict', map };
    }
    default:
      return v;
  }
}

/**
 * Which key a stream's data is under, or null when it is not encrypted: cross-reference streams
 * never are (7.6.2), metadata streams are not when /EncryptMetadata is false (7.6.5), embedded
 * files use /EFF. A stream naming its own crypt filter (7.4.10) is not something this engine
 * writes back faithfully, so it fails closed.
 */
export function streamKind(d: PdfDict, security: PdfSecurity): DataKind | null {
  const type = nameOf(d.map.get('Type'));
  if (type === 'XRef') return null;
  if (type === 'Metadata' && !security.encryptMetadata) return null;
  if (namesOf(d.map.get('Filter')).includes('Crypt'))
    throw new EngineError(
      'unsupported',
      'a PDF stream with its own crypt filter',
    );
  return type === 'EmbeddedFile' ? 'file' : 'stream';
}
