/**
 * "Find my name": the words a person names searched in a file and in its clean copy, in every
 * layer the engine can read, each hit placed and said to be visible content or hidden. A hidden
 * hit in the clean copy is a defect of cleaning: the copy is not clean and is not offered. The
 * words are never stored; the answer holds them only as the person typed them.
 */
import { ByteSource } from '../byte-source';
import { decodeLatin1 } from '../bytes';
import { EngineError } from '../errors';
import { MAX_NESTED_DEPTH } from '../limits';
import type { RandomAccess } from '../random-access';
import { searchWords } from './fold';
import { FileScope, HitSink } from './hit-sink';
import type { FindHit } from './places';
import { searchPdf } from './pdf-search';
import { wordsInBytes } from './raw-bytes';
import { ancestor, searchXml, type XmlPlaces } from './xml-search';
import { searchZip } from './zip-search';

export interface FindInput {
  readonly file: Blob | RandomAccess;
  /** The name the file has (the original's, or the name the copy is offered under). */
  readonly name: string;
}

export interface WordAnswer {
  /** The word as the person typed it (trimmed). */
  readonly word: string;
  readonly before: readonly FindHit[];
  readonly after: readonly FindHit[];
}

export interface FindAnswer {
  readonly words: readonly WordAnswer[];
  /** Parts the search could not read, in each file. */
  readonly unsearched: { readonly before: string[]; readonly after: string[] };
  /** False when a word is left in a hidden place of the copy, or a part of it could not be read. */
  readonly clean: boolean;
}

const HEAD_BYTES = 1024;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const PDF_MAGIC = '%PDF-';

/** SVG (SVG 2, 11.1 and 5.6): drawn text is seen; metadata, titles and descriptions are not. */
const SVG_PLACES: XmlPlaces = {
  text: (element) =>
    ancestor(element, 'metadata', 'title', 'desc', 'style', 'script')
      ? { place: 'other-part' }
      : { place: 'body-text' },
  attribute: () => ({ place: 'markup' }),
};

/** One file, its layers by its kind, then its bytes for whatever no layer placed. */
async function searchFile(
  src: ByteSource,
  scope: FileScope,
  depth: number,
  signal?: AbortSignal,
): Promise<void> {
  const nested = (inner: ByteSource, innerScope: FileScope) =>
    depth < MAX_NESTED_DEPTH
      ? searchFile(inner, innerScope, depth + 1, signal)
      : searchBytes(inner, innerScope, signal);
  const head = await src.read(0, HEAD_BYTES);
  const text = decodeLatin1(head);
  try {
    if (ZIP_MAGIC.every((b, i) => head[i] === b))
      await searchZip(src, scope, nested, signal);
    else if (text.includes(PDF_MAGIC))
      await searchPdf(src, scope, nested, signal);
    else if (/^(\uFEFF|\xEF\xBB\xBF)?\s*<(\?xml|svg)/.test(text))
      searchXml(
        new TextDecoder().decode(await src.read(0, src.size)),
        SVG_PLACES,
        scope,
        undefined,
      );
  } catch (error) {
    if (error instanceof EngineError && error.code === 'cancelled') throw error;
    scope.unsearched('structure');
  }
  await searchBytes(src, scope, signal);
}

/** The raw layer: words in the bytes that no structured layer of this file placed. */
async function searchBytes(
  src: ByteSource,
  scope: FileScope,
  signal?: AbortSignal,
): Promise<void> {
  for (const word of await wordsInBytes(src, scope.sink, signal))
    if (!scope.found.has(word)) scope.hit(word, 'file-bytes');
}

async function searchOne(
  input: FindInput,
  words: readonly string[],
  signal?: AbortSignal,
): Promise<HitSink> {
  const sink = new HitSink(words);
  const scope = new FileScope(sink);
  scope.text(input.name, 'file-name');
  const found = new Set(scope.found);
  scope.found.clear();
  await searchFile(new ByteSource(input.file), scope, 0, signal);
  for (const word of found) scope.found.add(word);
  return sink;
}

/**
 * Searches `original` and `cleaned` for each of `words` (case, accents and spacing aside). The
 * answer lists, per word, where it was before and where it still is after.
 */
export async function findWords(
  original: FindInput,
  cleaned: FindInput,
  typed: readonly string[],
  options: { readonly signal?: AbortSignal } = {},
): Promise<FindAnswer> {
  const words = searchWords(typed);
  const folded = words.map((w) => w.folded);
  const before = await searchOne(original, folded, options.signal);
  const after = await searchOne(cleaned, folded, options.signal);
  const hiddenAfter = after.hits.some((hits) => hits.some((h) => !h.visible));
  return {
    words: words.map((w, i) => ({
      word: w.typed,
      before: before.hits[i]!,
      after: after.hits[i]!,
    })),
    unsearched: { before: before.unsearched, after: after.unsearched },
    clean: !hiddenAfter && after.unsearched.length === 0,
  };
}
