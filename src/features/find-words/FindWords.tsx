import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { FindAnswer, FindRequest } from '../../worker-bridge/clean-bridge';
import { typedWords } from './typed-words';
import { WordsAnswer } from './WordsAnswer';
import { WordsForm } from './WordsForm';
import './find-words.css';

/** The worker's search of one file and its copy; null when it could not run or was stopped. */
export type FindFn = (
  request: FindRequest,
  signal?: AbortSignal,
) => Promise<FindAnswer | null>;

interface FindWordsProps {
  readonly original: File;
  readonly copy: Blob;
  readonly copyName: string;
  /** The worker's search; component tests pass their own. */
  readonly find: FindFn;
  /** Told after each search whether the copy may still be offered (false withdraws it). */
  readonly onVerdict: (clean: boolean) => void;
}

type Phase =
  | { readonly kind: 'idle' | 'searching' | 'failed' | 'too-short' }
  | { readonly kind: 'done'; readonly answer: FindAnswer };

/**
 * "Find my name", after a clean: the visitor types a few words and learns where each was in the
 * original and where it still is in the copy. What is typed stays in this component's state and
 * the worker's call: no form submission, no URL, no storage, no autocomplete history. A word left
 * in a hidden place withdraws the download (`onVerdict(false)`).
 */
export function FindWords({
  original,
  copy,
  copyName,
  find,
  onVerdict,
}: FindWordsProps) {
  const id = useId();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  const search = (text: string) => {
    const words = typedWords(text);
    if (words.length === 0) {
      setPhase({ kind: 'too-short' });
      return;
    }
    setPhase({ kind: 'searching' });
    void find({ original, copy, copyName, words }).then((answer) => {
      if (!answer) {
        setPhase({ kind: 'failed' });
        return;
      }
      setPhase({ kind: 'done', answer });
      onVerdict(answer.clean);
    });
  };

  return (
    <section className="find-words" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <FormattedMessage id="find.title" />
      </h3>
      <p>
        <FormattedMessage id="find.intro" />
      </p>
      <WordsForm id={id} busy={phase.kind === 'searching'} onSearch={search} />
      <div role="status" aria-live="polite" data-testid="find-answer">
        {phase.kind === 'searching' && (
          <p>
            <FormattedMessage id="find.searching" />
          </p>
        )}
        {phase.kind === 'failed' && (
          <p>
            <FormattedMessage id="find.failed" />
          </p>
        )}
        {phase.kind === 'too-short' && (
          <p>
            <FormattedMessage id="find.too-short" />
          </p>
        )}
        {phase.kind === 'done' && <WordsAnswer answer={phase.answer} />}
      </div>
    </section>
  );
}
