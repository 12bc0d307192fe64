/**
 * What a cleaned file is made of: ranges of the input kept as they are, and small new byte arrays.
 * The plan never holds the input's bytes, so building it is O(metadata).
 */
export type Segment =
  | { readonly kind: 'copy'; readonly start: number; readonly end: number }
  | { readonly kind: 'bytes'; readonly data: Uint8Array };

export type OutputPlan = readonly Segment[];

export class OutputBuilder {
  private readonly segments: Segment[] = [];

  /** Keeps input bytes [start, end); adjacent copies merge into one. */
  copy(start: number, end: number): this {
    if (end <= start) return this;
    const last = this.segments.at(-1);
    if (last?.kind === 'copy' && last.end === start) {
      this.segments[this.segments.length - 1] = {
        kind: 'copy',
        start: last.start,
        end,
      };
    } else {
      this.segments.push({ kind: 'copy', start, end });
    }
    return this;
  }

  push(data: Uint8Array): this {
    if (data.length > 0) this.segments.push({ kind: 'bytes', data });
    return this;
  }

  build(): OutputPlan {
    return [...this.segments];
  }
}

/** The plan with every copied range moved `by` bytes: a plan over a range, in the file's offsets. */
export function shiftPlan(plan: OutputPlan, by: number): OutputPlan {
  return plan.map((s) =>
    s.kind === 'copy'
      ? { kind: 'copy', start: s.start + by, end: s.end + by }
      : s,
  );
}

export function planSize(plan: OutputPlan): number {
  return plan.reduce(
    (n, s) => n + (s.kind === 'copy' ? s.end - s.start : s.data.length),
    0,
  );
}

/** The bytes a plan over `input` describes, assembled in one buffer (a nested file in memory). */
export function planBytes(input: Uint8Array, plan: OutputPlan): Uint8Array {
  const out = new Uint8Array(planSize(plan));
  let at = 0;
  for (const s of plan) {
    const part = s.kind === 'copy' ? input.subarray(s.start, s.end) : s.data;
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Turns a plan into a Blob made of slices of the input: no input byte is copied here. */
export function planToBlob(input: Blob, plan: OutputPlan, type = ''): Blob {
  const parts: BlobPart[] = plan.map((s) =>
    s.kind === 'copy'
      ? input.slice(s.start, s.end)
      : (s.data as Uint8Array<ArrayBuffer>),
  );
  return new Blob(parts, { type });
}

/**
 * A plan whose output has the input's size and keeps every copied range at its own offset can be
 * written as "copy the file, then patch these ranges" (the CLI does it with the kernel's copy).
 * Returns the patches, or null when the plan moves bytes.
 */
export function inPlacePatches(
  inputSize: number,
  plan: OutputPlan,
): { offset: number; data: Uint8Array }[] | null {
  const patches: { offset: number; data: Uint8Array }[] = [];
  let pos = 0;
  for (const s of plan) {
    if (s.kind === 'copy') {
      if (s.start !== pos) return null;
      pos = s.end;
    } else {
      patches.push({ offset: pos, data: s.data });
      pos += s.data.length;
    }
  }
  return pos === inputSize ? patches : null;
}
