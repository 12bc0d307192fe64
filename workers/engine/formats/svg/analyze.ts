/**
 * One pass over the SVG tokens: which byte ranges go (metadata, XML and style sheet comments,
 * editor elements and attributes, their namespace declarations) and what the report says, including the title and
 * description kept for accessibility.
 */
import { xmlText } from '../../shared/xml';
import { EngineError, corrupt } from '../../errors';
import { finding, type Finding } from '../../findings';
import { MAX_ENTRIES } from '../../limits';
import { readXmpFindings } from '../../metadata/xmp';
import { editorAttributeEdits, scopeOf } from './editor-attributes';
import {
  inEditorNamespace,
  localName,
  resolveEntities,
  type Scope,
} from './namespaces';
import { activeAttribute, activeElement } from './active-content';
import { sheetRemovals, type SheetPiece } from '../../shared/css/sheet';
import { doctypeEdit } from './doctype';
import { internalSubset, type InternalSubset } from './internal-subset';
import { subsetRemovals } from './subset-removals';
import { instructionVerdict } from './instructions';
import { embeddedImage, type EmbeddedImage } from './embedded';
import { localPath } from './local-paths';
import { notSvgDetail } from './not-svg';
import { htmlMeta } from './html-meta';
import { tokenize, type Attribute, type Range, type Token } from './tokenizer';

export interface SvgAnalysis {
  readonly removals: readonly Range[];
  readonly findings: readonly Finding[];
  /** Raster images in data: URIs, each cleaned on its own. */
  readonly embedded: readonly EmbeddedImage[];
}

type OpenToken = Extract<Token, { kind: 'open' }>;

interface Frame {
  readonly name: string;
  readonly scope: Scope;
  /** Character data collected for a kept <title> or <desc>. */
  readonly text?: Range[];
  /** A <style> element's sheet, its text and CDATA sections, read whole at its end. */
  readonly sheet?: SheetPiece[];
}

/** Elements whose whole subtree is document metadata, whatever namespace the file puts them in. */
const METADATA_ELEMENTS = new Set(['metadata', 'xmpmeta', 'RDF']);
const ACCESSIBLE_ELEMENTS = new Set(['title', 'desc']);
const LOCATION = 'svg';
const COMMENT_OPEN = '<!--'.length;
const COMMENT_CLOSE = '-->'.length;
const CDATA_OPEN = '<![CDATA['.length;
const CDATA_CLOSE = ']]>'.length;
const STYLE = 'style';
const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8');
const encoder = new TextEncoder();

class SvgWalk {
  readonly removals: Range[] = [];
  readonly findings: Finding[] = [];
  readonly embedded: EmbeddedImage[] = [];
  private readonly reported = new Set<string>();
  private readonly stack: Frame[] = [];
  private entities = new Map<string, string>();
  /** Undefined until the DOCTYPE, null when it has no internal subset. */
  private subset: InternalSubset | null | undefined;
  /** Kept text and start tags, where an entity reference means its declaration stays. */
  private readonly referring: Range[] = [];
  private removing: { start: number; depth: number; metadata: boolean } | null =
    null;
  private previous: Token | null = null;
  private rootSeen = false;

  constructor(private readonly bytes: Uint8Array) {}

  run(): SvgAnalysis {
    let count = 0;
    for (const token of tokenize(this.bytes)) {
      if (++count > MAX_ENTRIES) throw corrupt('too many XML tokens');
      this.visit(token);
      this.previous = token;
    }
    if (!this.rootSeen)
      throw new EngineError('unsupported', 'no <svg> element');
    if (this.stack.length > 0)
      throw corrupt(`unclosed <${this.stack.at(-1)!.name}>`);
    if (this.subset) this.judgeSubset(this.subset);
    const { removals, findings, embedded } = this;
    return { removals, findings, embedded };
  }

  private visit(token: Token): void {
    switch (token.kind) {
      case 'doctype':
        return this.doctype(token);
      case 'open':
        return this.open(token);
      case 'close':
        return this.close(token);
      case 'text':
        if (!this.removing) this.mayRefer(token);
        this.stack.at(-1)?.text?.push(token);
        return this.sheetPiece(token);
      case 'cdata':
        this.stack.at(-1)?.text?.push(token);
        return this.sheetPiece(token);
      case 'comment':
        return this.dropComment(token);
      case 'pi':
        return this.instruction(token);
    }
  }

  private instruction(token: Extract<Token, { kind: 'pi' }>): void {
    if (this.removing) return;
    const verdict = instructionVerdict(this.bytes, token, LOCATION);
    if (verdict.drop) this.drop(token, verdict.finding);
  }

  /** A <style> element's character data, kept for its sheet to be read whole at its end. */
  private sheetPiece(token: Token): void {
    const sheet = this.removing ? undefined : this.stack.at(-1)?.sheet;
    sheet?.push(
      token.kind === 'cdata'
        ? {
            start: token.start + CDATA_OPEN,
            end: token.end - CDATA_CLOSE,
            references: false,
          }
        : { start: token.start, end: token.end, references: true },
    );
  }

  /**
   * A style sheet's comments go, and the folders of a local path it links to (the sheet itself
   * is what the drawing looks like).
   */
  private cleanSheet(sheet: readonly SheetPiece[]): void {
    for (const removal of sheetRemovals(
      this.bytes,
      sheet,
      LOCATION,
      this.entities,
    )) {
      this.removals.push(...removal.removals);
      this.findings.push(removal.finding);
    }
  }

  private doctype(token: Token): void {
    const edit = doctypeEdit(this.bytes, token);
    if (this.subset !== undefined) throw corrupt('a second DOCTYPE');
    this.subset = internalSubset(this.bytes, token);
    this.entities = new Map(
      this.subset?.declarations.flatMap((d) =>
        d.kind === 'entity' ? [[d.name, d.value] as const] : [],
      ),
    );
    if (!edit) return;
    if (edit.whole) this.drop(token, edit.finding);
    else {
      this.removals.push(edit.removal);
      this.findings.push(edit.finding);
    }
  }

  /** Declarations nothing kept refers to go; the subset with them when none is left. */
  private judgeSubset(subset: InternalSubset): void {
    const { removals, findings } = subsetRemovals(
      this.bytes,
      subset,
      this.referring,
      this.removals,
      LOCATION,
    );
    this.removals.push(...removals);
    this.findings.push(...findings);
  }

  /** Only a file that declares something keeps the ranges, so the common SVG pays nothing. */
  private mayRefer(token: Range): void {
    if (this.subset) this.referring.push(token);
  }

  private slice(range: Range): Uint8Array {
    return this.bytes.subarray(range.start, range.end);
  }

  private dropComment(token: Token): void {
    if (this.removing) return;
    const body = {
      start: token.start + COMMENT_OPEN,
      end: token.end - COMMENT_CLOSE,
    };
    const text = xmlText(this.slice(body));
    this.drop(token, finding('content.comment', 'XML comment', LOCATION, text));
  }

  /** Character data as a reader shows it: outside CDATA, the file's own entities expanded. */
  private textOf(start: number, end: number): string {
    const raw = utf8.decode(this.bytes.subarray(start, end));
    const text = raw.startsWith('<![CDATA[')
      ? raw
      : resolveEntities(raw, this.entities);
    return xmlText(encoder.encode(text));
  }

  /** Drops a token with the indentation before it, so no blank line is left behind. */
  private leadingStart(token: Token): number {
    const before = this.previous;
    if (before?.kind !== 'text' || before.end !== token.start)
      return token.start;
    const space = latin1.decode(this.slice(before));
    return /^\s*\n\s*$/.test(space) ? before.start : token.start;
  }

  private drop(token: Token, found?: Finding): void {
    this.removals.push({ start: this.leadingStart(token), end: token.end });
    if (found) this.findings.push(found);
  }

  private reportOnce(found: Finding): void {
    if (this.reported.has(found.label)) return;
    this.reported.add(found.label);
    this.findings.push(found);
  }

  private open(token: OpenToken): void {
    if (this.removing) {
      if (!token.selfClosing)
        this.stack.push({ name: token.name, scope: new Map() });
      return;
    }
    this.mayRefer(token);
    const parent: Scope = this.stack.at(-1)?.scope ?? new Map();
    const scope = scopeOf(parent, this.bytes, token.attributes, this.entities);
    if (!this.rootSeen) {
      this.rootSeen = true;
      if (localName(token.name) !== 'svg')
        throw new EngineError('unsupported', notSvgDetail(token.name, scope));
    }
    const meta = htmlMeta(this.bytes, token.name, token.attributes, scope);
    if (meta) this.findings.push(meta);
    const metadata =
      meta !== null || METADATA_ELEMENTS.has(localName(token.name));
    if (metadata || inEditorNamespace(token.name, scope)) {
      this.startRemoval(token, metadata);
      if (!token.selfClosing) this.stack.push({ name: token.name, scope });
      return;
    }
    const edits = editorAttributeEdits(
      this.bytes,
      token.attributes,
      scope,
      this.entities,
    );
    const dropped = new Set<number>();
    for (const edit of edits) {
      this.removals.push(edit.removal);
      this.reportOnce(edit.finding);
      dropped.add(edit.removal.start);
    }
    const active = activeElement(token.name);
    if (active) this.reportOnce(active);
    for (const a of token.attributes) {
      if (dropped.has(a.start)) continue;
      const gone = this.checkLink(a);
      if (a.name === STYLE && !gone)
        this.cleanSheet([
          { start: a.valueStart, end: a.valueEnd, references: true },
        ]);
      const handler = activeAttribute(this.bytes, a, this.entities);
      if (handler) this.reportOnce(handler);
    }
    const accessible = ACCESSIBLE_ELEMENTS.has(token.name);
    const style = localName(token.name) === STYLE;
    if (!token.selfClosing)
      this.stack.push({
        name: token.name,
        scope,
        ...(accessible ? { text: [] } : {}),
        ...(style ? { sheet: [] } : {}),
      });
  }

  /**
   * An href may embed a photo (cleaned on its own); any value may point into the author's
   * folders. True when the attribute went whole.
   */
  private checkLink(attribute: Attribute): boolean {
    const image = embeddedImage(this.bytes, attribute);
    if (image) this.embedded.push(image);
    const path = localPath(this.bytes, attribute);
    if (!path) return false;
    this.removals.push(path.removal);
    this.findings.push(path.finding);
    return path.removal.start === attribute.start;
  }

  private startRemoval(token: OpenToken, metadata: boolean): void {
    const start = this.leadingStart(token);
    if (!metadata) this.reportOnce(finding('other.data', token.name, LOCATION));
    if (token.selfClosing) this.removals.push({ start, end: token.end });
    else this.removing = { start, depth: this.stack.length, metadata };
  }

  private close(token: Extract<Token, { kind: 'close' }>): void {
    const frame = this.stack.pop();
    if (frame?.name !== token.name)
      throw corrupt(`</${token.name}> does not close <${frame?.name ?? ''}>`);
    const removing = this.removing;
    if (removing && this.stack.length === removing.depth) {
      this.removals.push({ start: removing.start, end: token.end });
      if (removing.metadata) {
        const where = `${LOCATION} <${frame.name}>`;
        this.findings.push(
          ...readXmpFindings(
            this.bytes.subarray(removing.start, token.end),
            where,
          ),
        );
      }
      this.removing = null;
    } else if (frame.sheet && !removing) {
      this.cleanSheet(frame.sheet);
    } else if (frame.text && !removing) {
      const text = frame.text
        .map((r) => this.textOf(r.start, r.end))
        .join(' ')
        .trim();
      this.findings.push(
        finding(
          'content.comment',
          frame.name,
          LOCATION,
          text || undefined,
          'accessibility',
        ),
      );
    }
  }
}

export function analyzeSvg(bytes: Uint8Array): SvgAnalysis {
  return new SvgWalk(bytes).run();
}
