/** A list of range edits over a text, applied in one pass; an edit inside another is dropped. */
export class XmlEdits {
  private readonly edits: { start: number; end: number; text: string }[] = [];

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

  apply(source: string): string {
    const sorted = [...this.edits].sort(
      (a, b) => a.start - b.start || b.end - a.end,
    );
    const parts: string[] = [];
    let at = 0;
    for (const e of sorted) {
      if (e.start < at) continue; // inside an edit already applied
      parts.push(source.slice(at, e.start), e.text);
      at = e.end;
    }
    parts.push(source.slice(at));
    return parts.join('');
  }
}
