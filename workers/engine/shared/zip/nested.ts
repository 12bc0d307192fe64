import type { ByteSource } from '../../byte-source';
import { relocated, removable, type Finding } from '../../findings';
import { itemKindOf } from '../../format-catalog';
import type { AnalysisContext, ByteRange, Sniffed } from '../../format-module';
import { MAX_DECOMPRESSED_BYTES } from '../../limits';
import {
  planBytes,
  planParts,
  planSize,
  type OutputPlan,
} from '../../output-plan';
import { crc32 } from '../crc32';
import { readMember } from './member';
import { METHOD_STORED } from './format';
import type { ZipEntry } from './read';
import {
  copiedMember,
  deferredMember,
  storedPlanMember,
  type OutMember,
} from './write';

/**
 * Extensions of members that are files of their own the engine cleans: photos and drawings, sound
 * and video (a slide's clip, an EPUB's narration: tags, GPS, the recording device), and documents
 * embedded in documents. Other members (EMF/WMF pictures, OLE objects) are not sniffed: a weak
 * signature could take random bytes for an MP3.
 */
const NESTED_EXTENSIONS = new Set([
  'jpg',
  'jpeg',
  'jpe',
  'jfif',
  'png',
  'gif',
  'tif',
  'tiff',
  'webp',
  'bmp',
  'svg',
  'heic',
  'heif',
  'avif',
  'mp3',
  'm4a',
  'mp4',
  'm4v',
  'mov',
  '3gp',
  'ogg',
  'oga',
  'opus',
  'webm',
  'mkv',
  'mka',
  'wav',
  'flac',
  'aif',
  'aiff',
  'aifc',
  'avi',
  'wmv',
  'wma',
  'asf',
  'flv',
  'docx',
  'docm',
  'xlsx',
  'xlsm',
  'pptx',
  'pptm',
  'odt',
  'ods',
  'odp',
  'odg',
]);

export function isNestedFile(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return (
    dot > name.lastIndexOf('/') &&
    NESTED_EXTENSIONS.has(name.slice(dot + 1).toLowerCase())
  );
}

export interface NestedMember {
  readonly findings: readonly Finding[];
  readonly member: OutMember;
  /** A stored member's image data, where it lies in the archive (see `Analysis.nestedOpaque`). */
  readonly opaque?: readonly ByteRange[];
}

/**
 * Cleans a member that is a file of its own with the engine. A stored member is cleaned where it
 * lies (only its metadata is read; the rest is copied as input ranges); a deflated one is inflated,
 * cleaned, and stored (its content is already compressed: deflating it again would cost time and
 * gain nothing), as bytes made again when written. A member with nothing to remove is copied
 * unchanged.
 */
export async function cleanNestedMember(
  src: ByteSource,
  entry: ZipEntry,
  ctx: AnalysisContext,
): Promise<NestedMember> {
  const located = (found: { format: Sniffed; findings: readonly Finding[] }) =>
    relocated(found.findings, entry.name, {
      name: entry.name,
      kind: itemKindOf(found.format.id),
    });
  if (entry.method === METHOD_STORED) {
    const end = entry.dataStart + entry.compressedSize;
    const result = await ctx.nested.cleanSlice(src, entry.dataStart, end);
    const findings = located(result);
    const only = result.plan[0];
    const unchanged =
      result.plan.length === 1 &&
      only?.kind === 'copy' &&
      only.start === entry.dataStart &&
      only.end === end;
    return {
      findings,
      member: unchanged
        ? copiedMember(entry)
        : await storedPlanMember(entry.name, src, result.plan),
      ...(result.opaque && { opaque: result.opaque }),
    };
  }
  const bytes = await readMember(src, entry, MAX_DECOMPRESSED_BYTES);
  const result = await ctx.nested.cleanPlanned(bytes);
  const findings = located(result);
  if (!findings.some(removable))
    return { findings, member: copiedMember(entry) };
  // The cleaned file is not kept: the output makes it again from the member's compressed bytes
  // when it is read or written, so a document of many photos never holds them all.
  const { plan } = result;
  return {
    findings,
    member: deferredMember(
      entry.name,
      await planCrc32(bytes, plan),
      planSize(plan),
      {
        make: async () =>
          planBytes(
            await readMember(src, entry, MAX_DECOMPRESSED_BYTES, false),
            plan,
          ),
        ...(result.proven && { proven: result.proven }),
      },
    ),
  };
}

/**
 * A member a document walk has no rule of its own for: a file the engine cleans (its findings and
 * proven image ranges join the walk's), or anything else copied as it is.
 */
export async function cleanedOrCopiedMember(
  src: ByteSource,
  entry: ZipEntry,
  ctx: AnalysisContext,
  findings: Finding[],
  nestedOpaque: ByteRange[],
): Promise<OutMember> {
  if (!isNestedFile(entry.name)) return copiedMember(entry);
  const nested = await cleanNestedMember(src, entry, ctx);
  findings.push(...nested.findings);
  nestedOpaque.push(...(nested.opaque ?? []));
  return nested.member;
}

/** The CRC-32 of what a plan over `input` describes, without assembling it. */
async function planCrc32(input: Uint8Array, plan: OutputPlan): Promise<number> {
  let crc = 0;
  for await (const part of planParts(input, plan)) crc = crc32(part, crc);
  return crc;
}
