/**
 * A zip archive of files, cleaned member by member: each member is recognised by its bytes and
 * cleaned by the engine as a file of its own (a document or an archive inside is cleaned in turn),
 * and the archive is written again with the same names and folders, dated 1980 and without extra
 * fields or comments. Nothing passes unexamined: a member the engine cannot clean fails the
 * archive naming it, unless the person chose to leave such members out; files beside photos
 * that carry their metadata (sidecars) and operating systems' folder records are left out, named.
 */
import type { ByteSource } from '../../byte-source';
import { EngineError, throwIfAborted } from '../../errors';
import { finding, type Finding } from '../../findings';
import type { Analysis, AnalysisContext, ByteRange } from '../../format-module';
import {
  cleanNestedMember,
  verifiedKnownMember,
  HeldBytes,
  copiedContentMember,
  copiedMember,
  isSystemFile,
  looksNested,
  MemberReadAhead,
  newMember,
  readMember,
  readZip,
  writeZip,
  type OutMember,
  type ZipEntry,
} from '../../shared/zip';
import { sidecarOf } from '../../sidecars';
import { isPlainText, namedAsText } from '../../shared/plain-text';
import { checkArchive, MAX_ARCHIVE_MEMBERS } from './checks';

/** Where a left-out member's finding says it was. */
const LOCATION = 'zip member';
/** How often the member loop looks at the signal (each member's reads look too). */
const SIGNAL_EVERY = 256;

const baseName = (name: string): string =>
  name.slice(name.replace(/\/+$/, '').lastIndexOf('/') + 1);

/** A finding about a member left out whole, belonging to that member. */
function leftOut(
  field: 'archive.sidecar' | 'archive.member',
  entry: ZipEntry,
  value?: string,
): Finding {
  return {
    ...finding(field, baseName(entry.name), `${LOCATION} ${entry.name}`, value),
    item: { name: entry.name, kind: 'file' },
  };
}

type Sorted =
  | {
      readonly kind: 'keep';
      readonly member: OutMember;
      /** Why it is kept, when it has content to check before sharing. */
      readonly finding?: Finding;
    }
  | { readonly kind: 'clean' }
  | { readonly kind: 'left-out'; readonly finding: Finding }
  | { readonly kind: 'uncleanable' };

/** What becomes of a member before any of its bytes but its first are read. */
async function sort(
  src: ByteSource,
  entry: ZipEntry,
  names: readonly string[],
): Promise<Sorted> {
  // A folder entry carries only its name, which the structure keeps.
  if (entry.name.endsWith('/'))
    return {
      kind: 'keep',
      member: newMember(entry.name, new Uint8Array(0), false),
    };
  const sidecar = sidecarOf(entry.name, names);
  if (sidecar)
    return {
      kind: 'left-out',
      finding: leftOut('archive.sidecar', entry, sidecar.belongsTo),
    };
  if (isSystemFile(entry.name))
    return { kind: 'left-out', finding: leftOut('archive.member', entry) };
  // An empty file has nowhere to keep anything.
  if (entry.uncompressedSize === 0)
    return { kind: 'keep', member: copiedMember(entry) };
  if (await looksNested(src, entry)) return { kind: 'clean' };
  if (await isTextMember(src, entry))
    return {
      kind: 'keep',
      member: await copiedContentMember(src, entry),
      finding: {
        ...finding(
          'document.content',
          baseName(entry.name),
          `${LOCATION} ${entry.name}`,
          undefined,
          'review',
        ),
        item: { name: entry.name, kind: 'file' },
      },
    };
  return { kind: 'uncleanable' };
}

/**
 * A text file (`.txt`, `.csv`, `.md`, UTF-8, no control characters) is kept as content, as a
 * PDF's text attachment is: what it says is what it shows. One too large or damaged to read is
 * one the engine cannot clean.
 */
async function isTextMember(
  src: ByteSource,
  entry: ZipEntry,
): Promise<boolean> {
  if (!namedAsText(entry.name)) return false;
  try {
    return isPlainText(entry.name, undefined, await readMember(src, entry));
  } catch (error) {
    if (error instanceof EngineError && error.code !== 'cancelled')
      return false;
    throw error;
  }
}

/** Fails with the members named, unless the person chose to leave them out. */
function settle(
  uncleanable: readonly ZipEntry[],
  ctx: AnalysisContext,
  findings: Finding[],
): void {
  if (!uncleanable.length) return;
  const names = uncleanable.map((e) => e.name);
  if (!ctx.dropUncleanable)
    throw new EngineError(
      'uncleanable-part',
      `zip members the engine cannot clean: ${names.join(', ').slice(0, 300)}`,
      names,
    );
  findings.push(...uncleanable.map((e) => leftOut('archive.member', e)));
}

export async function analyzeZipArchive(
  src: ByteSource,
  ctx: AnalysisContext,
): Promise<Analysis> {
  const zip = await readZip(src, MAX_ARCHIVE_MEMBERS);
  checkArchive(zip);
  const names = zip.entries.map((e) => e.name);
  const findings: Finding[] = [];
  const sorted = new Map<ZipEntry, Sorted>();
  const unknown: ZipEntry[] = [];
  for (const [i, entry] of zip.entries.entries()) {
    if (i % SIGNAL_EVERY === 0) throwIfAborted(ctx.signal);
    const s = await sort(src, entry, names);
    sorted.set(entry, s);
    if (s.kind === 'left-out') findings.push(s.finding);
    if (s.kind === 'keep' && s.finding) findings.push(s.finding);
    if (s.kind === 'uncleanable') unknown.push(entry);
  }
  // Members of a type the engine does not clean are known before any is cleaned: the person
  // hears of them at once, not after the rest of the archive was cleaned.
  if (unknown.length && !ctx.dropUncleanable) settle(unknown, ctx, findings);
  const out: OutMember[] = [];
  const nestedOpaque: ByteRange[] = [];
  const failed: ZipEntry[] = [...unknown];
  // Cleaned photos are held while the allowance lasts: each is inflated once per clean.
  const held = new HeldBytes();
  // Large deflated ones are read and inflated ahead of the loop; each was sorted by its start.
  // One whose content verify-after-clean holds is not read.
  const ahead = new MemberReadAhead(
    src,
    [...sorted]
      .filter(
        ([entry, s]) =>
          s.kind === 'clean' && !ctx.knownContent?.has(entry.dataStart),
      )
      .map(([entry]) => entry),
    true,
  );
  let done = 0;
  for (const [entry, s] of sorted) {
    ctx.onProgress?.(++done / sorted.size);
    if (s.kind === 'keep') out.push(s.member);
    if (s.kind !== 'clean') continue;
    try {
      const known = ctx.knownContent?.get(entry.dataStart);
      const nested =
        (known && (await verifiedKnownMember(entry, ctx, known))) ||
        (await cleanNestedMember(src, entry, ctx, {
          held,
          ...(ahead.has(entry) && { read: () => ahead.read(entry) }),
        }));
      findings.push(...nested.findings);
      nestedOpaque.push(...(nested.opaque ?? []));
      out.push(nested.member);
    } catch (error) {
      // Damaged, encrypted, too large, or holding parts of its own that cannot be cleaned.
      if (!(error instanceof EngineError) || error.code === 'cancelled')
        throw error;
      failed.push(entry);
    } finally {
      ahead.release(entry);
    }
  }
  settle(
    failed.sort((a, b) => a.headerOffset - b.headerOffset),
    ctx,
    findings,
  );
  return {
    findings,
    plan: () => writeZip(out),
    nestedOpaque: nestedOpaque.sort((a, b) => a.start - b.start),
  };
}
