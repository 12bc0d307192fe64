/**
 * The content of a zip archive of files: each member located as a file of its own (its pictures,
 * samples, pages), since the cleaner cleans each member as a file of its own, its parts named by
 * the member. A stored member's parts are ranges of the archive; a deflated member is inflated
 * again when its parts are read, one member held at a time, so memory follows one member.
 */
import { ByteSource } from '../byte-source';
import { EngineError, isEngineError, throwIfAborted } from '../errors';
import { MAX_DECOMPRESSED_BYTES, MAX_NESTED_DEPTH } from '../limits';
import { bytesAccess, rangeAccess } from '../random-access';
import { METHOD_STORED, readMember } from '../shared/zip';
import { readZip, type ZipEntry } from '../shared/zip/read';
import type { ContentPart } from './content-part';
import { gatherRanges } from './gather';

/** The locator of a file of its own, lent by `locate.ts` (which imports this file). */
export type LocateNested = (
  src: ByteSource,
  signal: AbortSignal | undefined,
  depth: number,
) => Promise<{ parts: ContentPart[] }>;

interface Held {
  readonly entry: ZipEntry;
  readonly src: ByteSource;
  readonly parts: readonly ContentPart[];
}

const isFolder = (entry: ZipEntry) => entry.name.endsWith('/');

/** A member that could not be located: named, and not compared (its error when read). */
function unlocated(entry: ZipEntry, error: EngineError): ContentPart {
  return {
    kind: 'document-part',
    key: entry.name,
    name: entry.name,
    bytes: {
      kind: 'decoded',
      read: () => Promise.reject(new EngineError(error.code, error.detail)),
    },
  };
}

const inMember = (entry: ZipEntry, part: ContentPart) => ({
  ...part,
  key: `${entry.name}: ${part.key}`,
  member: entry.name,
});

/** Every member's content parts, members in name order so an original and its copy pair up. */
export async function archiveContentParts(
  src: ByteSource,
  locate: LocateNested,
  signal: AbortSignal | undefined,
  depth: number,
): Promise<ContentPart[]> {
  if (depth >= MAX_NESTED_DEPTH)
    throw new EngineError('unsupported', 'archives nested too deep');
  const zip = await readZip(src);
  let held: Held | null = null;
  // The member inflated and located again, or the one held from the last read.
  const open = async (entry: ZipEntry): Promise<Held> => {
    if (held?.entry === entry) return held;
    held = null;
    const bytes = await readMember(src, entry, MAX_DECOMPRESSED_BYTES);
    const inner = new ByteSource(bytesAccess(bytes));
    held = { entry, src: inner, ...(await locate(inner, signal, depth + 1)) };
    return held;
  };
  const entries = zip.entries
    .filter((e) => !isFolder(e))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const parts: ContentPart[] = [];
  for (const entry of entries) {
    throwIfAborted(signal);
    try {
      if (entry.method === METHOD_STORED) {
        const start = entry.dataStart;
        const inner = new ByteSource(
          rangeAccess(src.input, start, start + entry.compressedSize),
        );
        for (const part of (await locate(inner, signal, depth + 1)).parts)
          parts.push({
            ...inMember(entry, part),
            bytes:
              part.bytes.kind === 'ranges'
                ? {
                    kind: 'ranges',
                    ranges: part.bytes.ranges.map((r) => ({
                      start: r.start + start,
                      end: r.end + start,
                    })),
                  }
                : part.bytes,
          });
        continue;
      }
      const { parts: located } = await open(entry);
      for (const part of located)
        parts.push({
          ...inMember(entry, part),
          bytes: {
            kind: 'decoded',
            read: async () => {
              const member = await open(entry);
              const again = member.parts.find((p) => p.key === part.key);
              if (!again) throw new EngineError('corrupt', entry.name);
              return again.bytes.kind === 'ranges'
                ? gatherRanges(member.src, again.bytes.ranges)
                : again.bytes.read();
            },
          },
        });
    } catch (error) {
      if (!isEngineError(error) || error.code === 'cancelled') throw error;
      parts.push(unlocated(entry, error));
    }
  }
  return parts;
}
