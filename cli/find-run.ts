import { unlink } from 'node:fs/promises';
import { basename } from 'node:path';
import { findWords, type FindAnswer } from '../workers/engine/find/find-words';
import type { RandomAccess } from '../workers/engine/index';
import { openFileAccess } from './file-access';

/**
 * `--find`: the input and the copy as written (read back from disk, not from the plan) searched
 * for the words. A copy with a word left in a hidden place is not clean: it is removed, as the
 * site withdraws its download.
 */
export async function findInCopy(
  input: RandomAccess,
  file: string,
  output: string,
  words: readonly string[],
): Promise<FindAnswer> {
  const copy = await openFileAccess(output);
  let answer: FindAnswer;
  try {
    answer = await findWords(
      { file: input, name: basename(file) },
      { file: copy, name: basename(output) },
      words,
    );
  } finally {
    await copy.close();
  }
  if (!answer.clean) await unlink(output);
  return answer;
}
