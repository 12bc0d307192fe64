/**
 * The one member loop of every zip document (Office, OpenDocument, EPUB). A format is a policy:
 * it walks its own structure (relationships, manifest, container and package document) and gives
 * a rule for each member that structure reaches. The driver writes only those: a member no rule
 * names is left out and named in the report, so what we do not recognise never passes unexamined.
 */
import type { ByteSource } from '../../byte-source';
import { corrupt, EngineError } from '../../errors';
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';
import type { Analysis, AnalysisContext, ByteRange } from '../../format-module';
import {
  unknownAttributeEdits,
  unknownElementEdits,
  type NamespaceTable,
  type XmlEdits,
} from '../xml';
import { copiedContentMember } from './content';
import { readXmlPart, type XmlPart } from './encoding';
import { partKey } from './names';
import { bytesLookNested, cleanNestedMember, looksNested } from './nested';
import { readMember } from './member';
import { readZip, type ZipArchive, type ZipEntry } from './read';
import { newMember, writeZip, type OutMember } from './write';
import { ForwardReader } from './forward-reader';
import { HeldBytes, wholeSmallMember } from './whole';

/** What a policy's rules do with one XML part. */
export interface XmlRuleResult {
  readonly edits: XmlEdits;
  readonly findings: readonly Finding[];
}

export type MemberRule =
  /** An XML part, edited by the format's rules in one pass; comments go with any edit. */
  | {
      readonly kind: 'xml';
      readonly rules: (xml: string, part: XmlPart) => XmlRuleResult;
      /** The format's namespaces: attributes in any other go. */
      readonly namespaces?: NamespaceTable;
    }
  /** New content in place of the member's (minimal properties). */
  | {
      readonly kind: 'bytes';
      readonly bytes: Uint8Array;
      readonly stored?: boolean;
    }
  /**
   * Declared content (a picture, a font, media): a file the engine knows by its bytes is cleaned
   * by it; anything else is copied, with `review` reported as kept for review when set.
   */
  | { readonly kind: 'content'; readonly review?: string }
  /** Left out, reported as this field with the member's name as its value. */
  | {
      readonly kind: 'removed';
      readonly field: FieldId;
      readonly label?: string;
    };

/** What a policy reads the package through. */
export interface PackageReader {
  readonly src: ByteSource;
  readonly zip: ZipArchive;
  /** The member a part name means: OPC-style equivalence, case and percent-encoding aside. */
  find(name: string): ZipEntry | undefined;
  bytes(entry: ZipEntry): Promise<Uint8Array>;
  xml(entry: ZipEntry): Promise<string>;
  /** The part as read for `xml`, handed over once (the driver writes it and lets it go). */
  part(entry: ZipEntry): Promise<XmlPart>;
}

export interface PackagePlan {
  /** A rule for every member the format's structure reaches. */
  readonly rules: ReadonlyMap<ZipEntry, MemberRule>;
  /** What the policy found while walking (properties, its own checks). */
  readonly findings: readonly Finding[];
  /** The member the format requires first (`mimetype`, `[Content_Types].xml`). */
  readonly first: ZipEntry;
}

export type PackagePolicy = (pkg: PackageReader) => Promise<PackagePlan>;

export function packageReader(src: ByteSource, zip: ZipArchive): PackageReader {
  const byKey = new Map<string, ZipEntry | null>();
  for (const e of zip.entries) {
    if (e.name.endsWith('/')) continue;
    const key = partKey(e.name);
    // Part names equivalent by the package's rules are one part: two such members are ambiguous,
    // refused when the structure names that part (unnamed, both are left out anyway).
    byKey.set(key, byKey.has(key) ? null : e);
  }
  const find = (name: string): ZipEntry | undefined => {
    const entry = byKey.get(partKey(name));
    if (entry === null)
      throw corrupt(`two members name the same part: ${name.slice(0, 80)}`);
    return entry;
  };
  const texts = new Map<ZipEntry, Promise<XmlPart>>();
  return {
    src,
    zip,
    find,
    bytes: (entry) => readMember(src, entry),
    async xml(entry) {
      let part = texts.get(entry);
      if (!part) texts.set(entry, (part = readXmlPart(src, entry)));
      return (await part).text;
    },
    part(entry) {
      const part = texts.get(entry) ?? readXmlPart(src, entry);
      texts.delete(entry);
      return part;
    },
  };
}

/** Cleans a zip document by its policy: the member loop, nested files, order and the write. */
export async function cleanPackage(
  src: ByteSource,
  ctx: AnalysisContext,
  policy: PackagePolicy,
  zip?: ZipArchive,
): Promise<Analysis> {
  const archive = zip ?? (await readZip(src));
  const pkg = packageReader(src, archive);
  const plan = await policy(pkg);
  const findings: Finding[] = [...plan.findings];
  const nestedOpaque: ByteRange[] = [];
  const out = new Map<ZipEntry, OutMember>();
  const members: Members = {
    reader: new ForwardReader(src),
    held: new HeldBytes(),
  };
  let done = 0;
  for (const entry of archive.entries) {
    ctx.onProgress?.(++done / archive.entries.length);
    const rule = plan.rules.get(entry);
    if (!rule) {
      // Folder entries carry nothing; a member the structure does not reach goes, named.
      if (!entry.name.endsWith('/'))
        findings.push(
          finding(
            'document.unknown-part',
            entry.name.slice(entry.name.lastIndexOf('/') + 1),
            entry.name,
            entry.name,
          ),
        );
      continue;
    }
    const member = await memberOf(
      src,
      ctx,
      pkg,
      entry,
      rule,
      findings,
      nestedOpaque,
      members,
    );
    if (member) out.set(entry, member);
  }
  const first = out.get(plan.first);
  if (!first) throw corrupt(`${plan.first.name} cannot be left out`);
  const ordered = [first, ...[...out.values()].filter((m) => m !== first)];
  return {
    findings,
    plan: () => writeZip(ordered),
    nestedOpaque: nestedOpaque.sort((a, b) => a.start - b.start),
  };
}

/** How one clean reads its members' data, and what it may hold of their cleaned content. */
interface Members {
  readonly reader: ForwardReader;
  readonly held: HeldBytes;
}

async function memberOf(
  src: ByteSource,
  ctx: AnalysisContext,
  pkg: PackageReader,
  entry: ZipEntry,
  rule: MemberRule,
  findings: Finding[],
  nestedOpaque: ByteRange[],
  { reader, held }: Members,
): Promise<OutMember | null> {
  switch (rule.kind) {
    case 'removed':
      findings.push(
        finding(
          rule.field,
          rule.label ?? entry.name.slice(entry.name.lastIndexOf('/') + 1),
          entry.name,
          entry.name,
        ),
      );
      return null;
    case 'bytes':
      return newMember(entry.name, rule.bytes, !rule.stored);
    case 'xml': {
      const part = await pkg.part(entry);
      const result = rule.rules(part.text, part);
      findings.push(...result.findings);
      if (rule.namespaces)
        findings.push(
          ...unknownMarkup(part.text, rule.namespaces, result.edits, entry),
        );
      if (!result.edits.size && !part.comments)
        return copiedContentMember(src, entry);
      return newMember(entry.name, part.encode(result.edits));
    }
    case 'content': {
      if (rule.review)
        findings.push(
          finding(
            'document.content',
            rule.review,
            entry.name,
            undefined,
            'review',
          ),
        );
      // A small member is read and inflated once, and everything below works from those bytes.
      const whole = await wholeSmallMember(reader, entry);
      if (
        !(whole ? bytesLookNested(whole.bytes) : await looksNested(src, entry))
      )
        return copiedContentMember(src, entry, whole ?? undefined);
      try {
        const nested = await cleanNestedMember(src, entry, ctx, {
          ...(whole && { whole }),
          held,
        });
        findings.push(...nested.findings);
        nestedOpaque.push(...(nested.opaque ?? []));
        return nested.member;
      } catch (error) {
        if (error instanceof EngineError && error.code !== 'cancelled')
          throw new EngineError(error.code, `${entry.name}: ${error.message}`);
        throw error;
      }
    }
  }
}

/** Attributes and elements in namespaces the format does not know go from a part, named. */
function unknownMarkup(
  xml: string,
  namespaces: NamespaceTable,
  edits: XmlEdits,
  entry: ZipEntry,
): Finding[] {
  const found: Finding[] = [];
  const note = (label: string, count: number) => {
    if (count)
      found.push(
        finding('document.unknown-markup', label, entry.name, String(count)),
      );
  };
  note(
    'attributes in unknown namespaces',
    unknownAttributeEdits(xml, namespaces, edits),
  );
  note(
    'elements in unknown namespaces',
    unknownElementEdits(xml, namespaces, edits),
  );
  return found;
}
