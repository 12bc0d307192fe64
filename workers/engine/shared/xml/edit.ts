interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** A list of range edits over a text, applied in one pass; an edit inside another is dropped. */
export class XmlEdits {
  private readonly edits: Edit[] = [];

  get size(): number {
    return this.edits.length;
  }

  remove(start: number, end: number): void {
    this.edits.push({ start, end, text: '' });
  }

  replace(start: number, end: number, text: string): void {
    this.edits.push({ start, end, text });
  }

  /** Adds another list's edits after this one's. */
  addAll(other: XmlEdits): void {
    for (const e of other.edits) this.edits.push(e);
  }

  /** The edits in order of position, each that is not inside one before it: what is applied. */
  private applied(): Edit[] {
    // A walk adds its edits in order: a list already in order is taken as it is (the sort is
    // stable, so it would give the same list), and only one out of order pays for the sort.
    const sorted = inOrder(this.edits)
      ? this.edits
      : [...this.edits].sort(byPosition);
    const list: Edit[] = [];
    let at = 0;
    for (const e of sorted) {
      if (e.start < at) continue; // inside an edit already applied
      list.push(e);
      at = e.end;
    }
    return list;
  }

  apply(source: string): string {
    const parts: string[] = [];
    let at = 0;
    for (const e of this.applied()) {
      parts.push(source.slice(at, e.start), e.text);
      at = e.end;
    }
    parts.push(source.slice(at));
    return parts.join('');
  }

  /**
   * As `apply`, on the bytes of a text that has one byte for each character (ASCII): what no
   * edit touches is copied as bytes, and only the new text is encoded, so a large part is never
   * rebuilt as a string and encoded whole.
   */
  applyBytes(
    source: Uint8Array,
    encode: (text: string) => Uint8Array,
  ): Uint8Array {
    const applied = this.applied();
    // Most edits remove (attributes, elements): nothing to encode for those.
    const texts = applied.map((e) => (e.text ? encode(e.text) : NOTHING));
    let length = source.length;
    for (let i = 0; i < applied.length; i++)
      length += texts[i]!.length - (applied[i]!.end - applied[i]!.start);
    const out = new Uint8Array(length);
    let at = 0;
    let written = 0;
    for (let i = 0; i < applied.length; i++) {
      const e = applied[i]!;
      written = copy(source, at, e.start, out, written);
      out.set(texts[i]!, written);
      written += texts[i]!.length;
      at = e.end;
    }
    copy(source, at, source.length, out, written);
    return out;
  }
}

const NOTHING = new Uint8Array(0);

const byPosition = (a: Edit, b: Edit): number =>
  a.start - b.start || b.end - a.end;

function inOrder(edits: readonly Edit[]): boolean {
  for (let i = 1; i < edits.length; i++)
    if (byPosition(edits[i - 1]!, edits[i]!) > 0) return false;
  return true;
}

/** A span this short is copied byte by byte: cheaper than a subarray and a `set`. */
const SHORT_SPAN = 64;

/** Copies `source[from, to)` to `out` at `written`; returns where the copy ends in `out`. */
function copy(
  source: Uint8Array,
  from: number,
  to: number,
  out: Uint8Array,
  written: number,
): number {
  const length = to - from;
  if (length > SHORT_SPAN) out.set(source.subarray(from, to), written);
  else for (let i = 0; i < length; i++) out[written + i] = source[from + i]!;
  return written + length;
}
