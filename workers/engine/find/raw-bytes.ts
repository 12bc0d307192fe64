import type { ByteSource } from '../byte-source';
import { EngineError } from '../errors';
import type { HitSink } from './hit-sink';
import { MAX_WORD_CHARS } from './fold';

/** Bytes read and decoded at a time: the whole file is read, a window at a time. */
const CHUNK_BYTES = 1024 * 1024;
/** A word's longest encoding (UTF-8 takes up to four bytes a character, with marks more). */
const OVERLAP_BYTES = MAX_WORD_CHARS * 8;

const DECODERS = [
  new TextDecoder('latin1'),
  new TextDecoder('utf-8'),
  new TextDecoder('utf-16le'),
  new TextDecoder('utf-16be'),
];

/**
 * The words in a file's bytes read as text: Latin-1 (and so ASCII), UTF-8, and UTF-16 in both
 * byte orders at both alignments, whatever structure the file has. Windows overlap by a word's
 * longest encoding so no word is cut between two reads.
 */
export async function wordsInBytes(
  src: ByteSource,
  sink: HitSink,
  signal?: AbortSignal,
): Promise<Set<number>> {
  const found = new Set<number>();
  for (let at = 0; at < src.size; at += CHUNK_BYTES) {
    if (signal?.aborted) throw new EngineError('cancelled', 'search cancelled');
    const bytes = await src.read(at, CHUNK_BYTES + OVERLAP_BYTES);
    for (const decoder of DECODERS)
      for (const shift of decoder.encoding.startsWith('utf-16') ? [0, 1] : [0])
        for (const word of sink.wordsIn(decoder.decode(bytes.subarray(shift))))
          found.add(word);
    if (found.size === sink.words.length) break;
  }
  return found;
}
