import { fold } from './fold';
import {
  isVisiblePlace,
  type FindHit,
  type FindPlace,
  type HitWhere,
} from './places';

const PART_JOIN = ' › ';
const squash = (text: string): string => text.replace(/ /g, '');

/**
 * Where the words were found in one file: every layer the search reads tells it text and the
 * place that text is in. Hits are kept once per word, place and particulars.
 */
export class HitSink {
  /** Per word (in the order searched), the places it was found. */
  readonly hits: FindHit[][];
  /** Parts the search could not read (broken, encrypted, past the budget). */
  readonly unsearched: string[] = [];
  private readonly seen = new Set<string>();
  private readonly squashed: string[];

  constructor(readonly words: readonly string[]) {
    this.hits = words.map(() => []);
    this.squashed = words.map(squash);
  }

  /** The words found in `text`, by index; text is folded here. */
  wordsIn(text: string): number[] {
    const folded = fold(text);
    const joined = squash(folded);
    const out: number[] = [];
    this.words.forEach((word, i) => {
      if (folded.includes(word) || joined.includes(this.squashed[i]!))
        out.push(i);
    });
    return out;
  }

  add(word: number, place: FindPlace, where: HitWhere): void {
    const key = `${word}\u0001${place}\u0001${JSON.stringify(where)}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.hits[word]!.push({ place, visible: isVisiblePlace(place), where });
  }
}

/**
 * One file's view of the sink: its particulars are prefixed with the part the file is (a zip
 * member, an embedded file), and it remembers which words its own layers found, so the raw-bytes
 * layer only speaks for words no layer could place.
 */
export class FileScope {
  readonly found = new Set<number>();

  constructor(
    readonly sink: HitSink,
    /** The part this file is inside its container, outermost first; empty for the file itself. */
    readonly parts: readonly string[] = [],
    /** The scope of the file this one is inside: what this file places, its container has placed. */
    private readonly parent?: FileScope,
  ) {}

  /** Searches `text` and records each word found at `place`. */
  text(text: string, place: FindPlace, where: HitWhere = {}): void {
    if (text.length === 0) return;
    for (const word of this.sink.wordsIn(text)) this.hit(word, place, where);
  }

  hit(word: number, place: FindPlace, where: HitWhere = {}): void {
    this.found.add(word);
    this.parent?.placed(word);
    const parts = where.part ? [...this.parts, where.part] : this.parts;
    const { part: _inner, ...rest } = where;
    this.sink.add(
      word,
      place,
      parts.length > 0 ? { part: parts.join(PART_JOIN), ...rest } : rest,
    );
  }

  private placed(word: number): void {
    this.found.add(word);
    this.parent?.placed(word);
  }

  unsearched(part: string): void {
    this.sink.unsearched.push([...this.parts, part].join(PART_JOIN));
  }

  /** The scope of a file inside this one (a zip member, an attachment). */
  nested(part: string): FileScope {
    return new FileScope(this.sink, [...this.parts, part], this);
  }
}
