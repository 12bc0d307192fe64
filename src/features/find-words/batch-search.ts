import type { FindAnswer, FindRequest } from '../../worker-bridge/clean-bridge';

/** One cleaned file of a batch, as the search needs it. */
export interface SearchedFile {
  /** The batch item's id: a verdict is told by it. */
  readonly id: number;
  /** Its path in the drop, shown beside its answer. */
  readonly path: string;
  readonly original: File;
  readonly copy: Blob;
  readonly copyName: string;
}

/** A file's answer, or null when its search could not run. */
export interface FileAnswer {
  readonly file: SearchedFile;
  readonly answer: FindAnswer | null;
}

type Find = (
  request: FindRequest,
  signal?: AbortSignal,
) => Promise<FindAnswer | null>;

/**
 * Searches the files one after another (the worker's queue runs one job at a time anyway, and a
 * file's answer shows as soon as it is known). Stops at the first file after an abort; an answer
 * that arrives after the abort is dropped. Resolves true when every file was searched.
 */
export async function searchEach(
  files: readonly SearchedFile[],
  words: readonly string[],
  find: Find,
  signal: AbortSignal,
  onAnswer: (answer: FileAnswer) => void,
): Promise<boolean> {
  for (const file of files) {
    if (signal.aborted) return false;
    const { original, copy, copyName } = file;
    const answer = await find({ original, copy, copyName, words }, signal);
    if (signal.aborted) return false;
    onAnswer({ file, answer });
  }
  return true;
}

/** A word of the answer is in the original or in the copy. */
export const foundIn = (answer: FindAnswer | null): boolean =>
  answer !== null &&
  answer.words.some((w) => w.before.length > 0 || w.after.length > 0);

/** The copy must not be offered: a word left where no reader sees it, or a part unsearched. */
export const withdrawnBy = (answer: FindAnswer | null): boolean =>
  answer !== null && !answer.clean;

export interface SearchSummary {
  /** Files searched so far. */
  readonly searched: number;
  /** Files where a word was found, before or after. */
  readonly found: number;
  /** Copies withdrawn by this search. */
  readonly withdrawn: number;
  /** Files whose search could not run. */
  readonly failed: number;
}

export function summarize(answers: readonly FileAnswer[]): SearchSummary {
  return {
    searched: answers.length,
    found: answers.filter((a) => foundIn(a.answer)).length,
    withdrawn: answers.filter((a) => withdrawnBy(a.answer)).length,
    failed: answers.filter((a) => a.answer === null).length,
  };
}
