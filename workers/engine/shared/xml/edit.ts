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
   * rebuilt as a string and encoded whole. With `spend`, `source` is the caller's to overwrite:
   * when no edit leaves the text longer than it was up to that edit's end (removals, mostly), the
   * result is written over it, left to right, and no second buffer of the part's size is made.
   */
  applyBytes(
    source: Uint8Array,
    encode: (text: string) => Uint8Array,
    spend = false,
  ): Uint8Array {
    const applied = this.applied();
    // Most edits remove (attributes, elements): nothing to encode for those.
    const texts = applied.map((e) => (e.text ? encode(e.text) : NOTHING));
    let length = source.length;
    let grows = false;
    for (let i = 0; i < applied.length; i++) {
      length += texts[i]!.length - (applied[i]!.end - applied[i]!.start);
      // Written over the source, an edit's text must end by its own end: past it lie bytes not
      // yet copied.
      if (length > source.length) grows = true;
    }
    const out = spend && !grows ? source : new Uint8Array(length);
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
    return out === source ? source.subarray(0, length) : out;
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

/**
 * Copies `source[from, to)` to `out` at `written` (in `source` itself, never past `from`: a
 * forward copy reads each byte before it is overwritten); returns where the copy ends in `out`.
 */
function copy(
  source: Uint8Array,
  from: number,
  to: number,
  out: Uint8Array,
  written: number,
): number {
  const length = to - from;
  if (length <= SHORT_SPAN)
    for (let i = 0; i < length; i++) out[written + i] = source[from + i]!;
  else if (out === source) out.copyWithin(written, from, to);
  else out.set(source.subarray(from, to), written);
  return written + length;
}
