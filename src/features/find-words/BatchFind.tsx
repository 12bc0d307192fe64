import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import {
  foundIn,
  searchEach,
  summarize,
  withdrawnBy,
  type FileAnswer,
  type SearchedFile,
} from './batch-search';
import type { FindFn } from './FindWords';
import { typedWords } from './typed-words';
import { WordsAnswer } from './WordsAnswer';
import { WordsForm } from './WordsForm';
import './find-words.css';

export type { SearchedFile } from './batch-search';

interface BatchFindProps {
  /** The batch's cleaned files, in the list's order. */
  readonly files: readonly SearchedFile[];
  /** The worker's search; component tests pass their own. */
  readonly find: FindFn;
  /** Told of each copy found not clean, by its item id: it is no longer offered, alone or zipped. */
  readonly onWithdraw: (id: number) => void;
}

interface Searched {
  readonly kind: 'searching' | 'stopped' | 'done';
  readonly total: number;
  readonly answers: readonly FileAnswer[];
}

type Run =
  { readonly kind: 'idle' } | { readonly kind: 'too-short' } | Searched;

/** The live region's words: a summary, never a file's details (those are in the list below). */
function Summary({ run }: { readonly run: Run }) {
  if (run.kind === 'idle') return null;
  if (run.kind === 'too-short')
    return <FormattedMessage id="find.too-short" tagName="p" />;
  const { total } = run;
  if (run.kind === 'searching')
    return (
      <FormattedMessage
        id="find.batch.searching"
        values={{ total }}
        tagName="p"
      />
    );
  const { searched, found, withdrawn, failed } = summarize(run.answers);
  return (
    <>
      {run.kind === 'done' ? (
        <FormattedMessage
          id="find.batch.found"
          values={{ found, total }}
          tagName="p"
        />
      ) : (
        <FormattedMessage
          id="find.batch.stopped"
          values={{ found, searched, total }}
          tagName="p"
        />
      )}
      {withdrawn > 0 && (
        <p className="find-words-withdrawn" data-testid="find-withdrawn">
          <FormattedMessage
            id="find.batch.withdrawn"
            values={{ count: withdrawn }}
          />
        </p>
      )}
      {failed > 0 && (
        <FormattedMessage
          id="find.batch.failed"
          values={{ count: failed }}
          tagName="p"
        />
      )}
    </>
  );
}

/**
 * Each file a word was found in (or whose search failed), with its own answer; the files with
 * nothing to say are counted in one line, once the search is over.
 */
function FileAnswers({
  answers,
  over,
}: {
  readonly answers: readonly FileAnswer[];
  readonly over: boolean;
}) {
  const shown = answers.filter((a) => a.answer === null || foundIn(a.answer));
  const quiet = answers.length - shown.length;
  if (shown.length === 0) return null;
  return (
    <>
      <ul className="find-words-files" data-testid="find-files">
        {shown.map(({ file, answer }) => (
          <li key={file.id} data-withdrawn={withdrawnBy(answer)}>
            <p className="find-words-file">
              <bdi>{file.path}</bdi>
            </p>
            {answer ? (
              <WordsAnswer answer={answer} inBatch />
            ) : (
              <FormattedMessage id="find.failed" tagName="p" />
            )}
          </li>
        ))}
      </ul>
      {over && quiet > 0 && (
        <FormattedMessage
          id="find.batch.elsewhere"
          values={{ count: quiet }}
          tagName="p"
        />
      )}
    </>
  );
}

/**
 * "Find my name" over a batch: the visitor types words once and every cleaned file and its copy
 * are searched, one after another, in the worker. The stop button, or leaving the list, ends the
 * search (the worker is terminated, as a cancelled clean's is). What is typed stays in the form's
 * state and the worker's calls. A copy with a word left in a hidden place is withdrawn.
 */
export function BatchFind({ files, find, onWithdraw }: BatchFindProps) {
  const id = useId();
  const [run, setRun] = useState<Run>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => () => running.current?.abort(), []);

  /** The stop button leaves with the search: keyboard focus goes back to the words. */
  const settle = (kind: 'stopped' | 'done') => {
    if (document.activeElement === stopRef.current) inputRef.current?.focus();
    setRun((r) => (r.kind === 'searching' ? { ...r, kind } : r));
  };

  const search = (text: string) => {
    const words = typedWords(text);
    if (words.length === 0) {
      setRun({ kind: 'too-short' });
      return;
    }
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setRun({ kind: 'searching', total: files.length, answers: [] });
    const onAnswer = (answer: FileAnswer) => {
      if (withdrawnBy(answer.answer)) onWithdraw(answer.file.id);
      setRun((r) =>
        r.kind === 'searching' ? { ...r, answers: [...r.answers, answer] } : r,
      );
    };
    void searchEach(files, words, find, controller.signal, onAnswer).then(
      (finished) => {
        if (running.current === controller)
          settle(finished ? 'done' : 'stopped');
      },
    );
  };

  const stop = () => {
    running.current?.abort();
    settle('stopped');
  };

  const searching = run.kind === 'searching';
  return (
    <section className="find-words" aria-labelledby={`${id}-title`}>
      {/* The list has no heading of its own: this one follows the page's title. */}
      <h2 id={`${id}-title`}>
        <FormattedMessage id="find.title" />
      </h2>
      <FormattedMessage id="find.batch.intro" tagName="p" />
      <WordsForm id={id} busy={searching} onSearch={search} inputRef={inputRef}>
        {searching && (
          <button
            ref={stopRef}
            type="button"
            className="uploader-button"
            onClick={stop}
          >
            <FormattedMessage id="find.batch.stop" />
          </button>
        )}
      </WordsForm>
      {searching && (
        <p className="find-words-progress">
          <FormattedMessage
            id="find.batch.progress"
            values={{
              index: Math.min(run.answers.length + 1, run.total),
              total: run.total,
            }}
          />
        </p>
      )}
      <div role="status" aria-live="polite" data-testid="find-answer">
        <Summary run={run} />
      </div>
      {run.kind !== 'idle' && run.kind !== 'too-short' && (
        <FileAnswers answers={run.answers} over={run.kind === 'done'} />
      )}
    </section>
  );
}
