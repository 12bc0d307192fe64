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
    const sorted = [...this.edits].sort(
      (a, b) => a.start - b.start || b.end - a.end,
    );
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
    const texts = applied.map((e) => encode(e.text));
    let length = source.length;
    applied.forEach((e, i) => (length += texts[i]!.length - (e.end - e.start)));
    const out = new Uint8Array(length);
    let at = 0;
    let written = 0;
    applied.forEach((e, i) => {
      out.set(source.subarray(at, e.start), written);
      written += e.start - at;
      out.set(texts[i]!, written);
      written += texts[i]!.length;
      at = e.end;
    });
    out.set(source.subarray(at), written);
    return out;
  }
}
