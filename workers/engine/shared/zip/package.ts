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
  allOf,
  decodeEntities,
  instructionTarget,
  UnknownMarkup,
  walks,
  walkXml,
  XmlEdits,
  type NamespaceTable,
  type XmlVisitor,
} from '../xml';
import { copiedContentMember } from './content';
import { readXmlPart, type XmlPart } from './encoding';
import { partKey } from './names';
import {
  bytesLookNested,
  cleanNestedMember,
  looksNested,
  verifiedKnownMember,
} from './nested';
import { readMember } from './member';
import { recognisedContent } from './recognise';
import { readZip, type ZipArchive, type ZipEntry } from './read';
import { newMember, writeZip, type OutMember } from './write';
import { ForwardReader } from './forward-reader';
import { MemberReadAhead } from './read-ahead';
import { HeldBytes, wholeSmallMember } from './whole';

/** Kinds of processing instruction reported for one part: a hostile part may hold thousands. */
const MAX_REPORTED_TARGETS = 8;
const PI_OPEN = '<?'.length;
const COMMENT_OPEN = '<!--'.length;
const COMMENT_CLOSE = '-->'.length;
/** How much of a part's comments the report shows. */
const MAX_COMMENT_CHARS = 200;
const PI_CLOSE = '?>'.length;

/** What a rule that works out its edits on its own does with one XML part. */
export interface XmlRuleResult {
  readonly edits: XmlEdits;
  readonly findings: readonly Finding[];
}

/**
 * One rule's share of the single walk over an XML part: a visitor that adds its edits to the
 * part's list, and `done`, called once the walk is over, which adds the edits the whole part
 * decides (an entry inserted at the end) and says what the rule found.
 */
export interface XmlPass extends XmlVisitor {
  done?(): readonly Finding[];
}

export type MemberRule =
  /**
   * An XML part, edited by the format's rules: the driver walks it once, naming elements and
   * attributes by `namespaces`, with every rule's visitor and the unknown-markup rule among them,
   * and applies all their edits in one pass; comments go with any edit.
   */
  | {
      readonly kind: 'xml';
      readonly rules: (xml: string, edits: XmlEdits) => readonly XmlPass[];
      /** The format's namespaces: markup in any other goes. */
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
   * by it, a font checked by its structure is copied, with `review` reported as kept for review
   * when set. Policies leave out, before this, a part whose bytes nothing recognises
   * (`recognise.ts`), so its references go too; one that still reaches the driver fails the
   * clean. `text` is declared text the format keeps as it is (a stylesheet, VML, `mimetype`).
   */
  | {
      readonly kind: 'content';
      readonly review?: string;
      readonly text?: true;
    }
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
    // A member whose content verify-after-clean holds is not read, let alone ahead.
    ahead: new MemberReadAhead(
      src,
      archive.entries.filter(
        (e) =>
          plan.rules.get(e)?.kind === 'content' &&
          !ctx.knownContent?.has(e.dataStart),
      ),
    ),
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
  readonly ahead: MemberReadAhead;
}

async function memberOf(
  src: ByteSource,
  ctx: AnalysisContext,
  pkg: PackageReader,
  entry: ZipEntry,
  rule: MemberRule,
  findings: Finding[],
  nestedOpaque: ByteRange[],
  members: Members,
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
      const edits = new XmlEdits();
      const passes = rule.rules(part.text, edits);
      const unknown = rule.namespaces ? new UnknownMarkup(edits) : null;
      const visitors = unknown ? [...passes, unknown] : passes;
      if (visitors.some(walks))
        walkXml(part.text, allOf(visitors), rule.namespaces);
      for (const pass of passes) findings.push(...(pass.done?.() ?? []));
      if (unknown) findings.push(...unknownMarkup(unknown, entry));
      findings.push(...instructionFindings(part.instructions, entry));
      findings.push(...commentFindings(part.comments, entry));
      if (!edits.size && !part.comments.length && !part.instructions.length)
        return copiedContentMember(
          src,
          entry,
          undefined,
          part.streamEndsAtSize,
        );
      return newMember(entry.name, part.encode(edits));
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
      return contentMember(
        src,
        ctx,
        entry,
        rule.text === true,
        findings,
        nestedOpaque,
        members,
      );
    }
  }
}

/**
 * Declared content: a file the engine knows by its bytes is cleaned by it; a font checked by its
 * structure, or declared `text`, is copied; anything else fails the clean (the policies leave
 * such parts out before, with their references). A small member is read and inflated once, and
 * everything below works from those bytes; a large deflated one is looked at, read and inflated
 * ahead of the loop (read-ahead.ts).
 */
async function contentMember(
  src: ByteSource,
  ctx: AnalysisContext,
  entry: ZipEntry,
  text: boolean,
  findings: Finding[],
  nestedOpaque: ByteRange[],
  { reader, held, ahead }: Members,
): Promise<OutMember> {
  const known = ctx.knownContent?.get(entry.dataStart);
  const verified =
    known && (await named(entry, () => verifiedKnownMember(entry, ctx, known)));
  if (verified) {
    findings.push(...verified.findings);
    return verified.member;
  }
  const whole = await wholeSmallMember(reader, entry);
  const readAhead = ahead.has(entry);
  // A member read ahead is let go once done with, whichever way it went.
  try {
    const nested = whole
      ? bytesLookNested(whole.bytes)
      : await (readAhead ? ahead.looksNested(entry) : looksNested(src, entry));
    if (!nested) {
      if (!text && !(await recognisedContent(src, entry)))
        throw new EngineError(
          'unclean',
          `${entry.name}: a part whose bytes nothing recognises`,
        );
      return await copiedContentMember(src, entry, whole ?? undefined);
    }
    const cleaned = await named(entry, () =>
      cleanNestedMember(src, entry, ctx, {
        ...(whole && { whole }),
        held,
        ...(readAhead && { read: () => ahead.read(entry) }),
      }),
    );
    findings.push(...cleaned.findings);
    nestedOpaque.push(...(cleaned.opaque ?? []));
    return cleaned.member;
  } finally {
    ahead.release(entry);
  }
}

/** A nested file's error, its part named once with the detail. */
async function named<T>(entry: ZipEntry, clean: () => Promise<T>): Promise<T> {
  try {
    return await clean();
  } catch (error) {
    if (error instanceof EngineError && error.code !== 'cancelled')
      throw new EngineError(
        error.code,
        `${entry.name}: ${error.detail || error.code}`,
      );
    throw error;
  }
}

/** Attributes and elements in namespaces the format does not know went from a part: named. */
function unknownMarkup(unknown: UnknownMarkup, entry: ZipEntry): Finding[] {
  const found: Finding[] = [];
  const note = (label: string, count: number) => {
    if (count)
      found.push(
        finding('document.unknown-markup', label, entry.name, String(count)),
      );
  };
  note('attributes in unknown namespaces', unknown.attributes);
  note('elements in unknown namespaces', unknown.elements);
  return found;
}

/**
 * The rules of a part whose edits are worked out apart from the walk (by the policy, or by a
 * rule that reads the part its own way): its edits join the part's list, first.
 */
export const resultRules =
  (compute: (xml: string) => XmlRuleResult) =>
  (xml: string, edits: XmlEdits): readonly XmlPass[] => {
    const result = compute(xml);
    edits.addAll(result.edits);
    return [{ done: () => result.findings }];
  };

/**
 * What the processing instructions that go said (`<?target body?>`, reported like an SVG's): one
 * finding for each target, at most a few of them.
 */
function instructionFindings(
  instructions: readonly string[],
  entry: ZipEntry,
): Finding[] {
  const byTarget = new Map<string, string>();
  for (const instruction of instructions) {
    const target = instructionTarget(instruction);
    if (byTarget.has(target) || byTarget.size >= MAX_REPORTED_TARGETS) continue;
    byTarget.set(
      target,
      decodeEntities(
        instruction.slice(PI_OPEN + target.length, -PI_CLOSE),
      ).trim(),
    );
  }
  return [...byTarget].map(([target, body]) =>
    finding('other.data', `<?${target}?>`, entry.name, body || undefined),
  );
}

/**
 * A part's comments, which no reader shows but anyone who opens the part reads (an author's
 * note, a tool's name and version): one finding for the part, with the first words of each.
 */
function commentFindings(
  comments: readonly string[],
  entry: ZipEntry,
): Finding[] {
  if (!comments.length) return [];
  let said = '';
  for (const comment of comments) {
    const words = decodeEntities(
      comment.slice(COMMENT_OPEN, -COMMENT_CLOSE),
    ).trim();
    if (!words) continue;
    said += `${said ? ' | ' : ''}${words}`;
    if (said.length >= MAX_COMMENT_CHARS) break;
  }
  return [
    finding(
      'content.comment',
      comments.length === 1 ? 'XML comment' : `${comments.length} XML comments`,
      entry.name,
      said ? said.slice(0, MAX_COMMENT_CHARS) : undefined,
    ),
  ];
}

/** The rules of a part kept as it is (its unknown markup and comments still go). */
export const noRules = (): readonly XmlPass[] => [];
