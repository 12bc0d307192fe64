import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedList, FormattedMessage, useIntl } from 'react-intl';
import type { FindAnswer, FindRequest } from '../../worker-bridge/clean-bridge';
import type { FindHit, HitWhere } from '../../../workers/engine/find/places';
import { typedWords } from './typed-words';
import './find-words.css';

export type FindFn = (request: FindRequest) => Promise<FindAnswer | null>;

interface FindWordsProps {
  readonly original: File;
  readonly copy: Blob;
  readonly copyName: string;
  /** The worker's search; component tests pass their own. */
  readonly find: FindFn;
  /** Told after each search whether the copy may still be offered. */
  readonly onVerdict: (clean: boolean) => void;
}

type Phase =
  | { readonly kind: 'idle' | 'searching' | 'failed' | 'too-short' }
  | { readonly kind: 'done'; readonly answer: FindAnswer };

/** The particulars of a place in the visitor's words: page, sheet, cell, author, key, part. */
function useDetails(): (where: HitWhere) => string {
  const intl = useIntl();
  return (where) => {
    const parts: string[] = [];
    if (where.page !== undefined)
      parts.push(
        intl.formatMessage({ id: 'find.where.page' }, { page: where.page }),
      );
    if (where.sheet !== undefined)
      parts.push(
        intl.formatMessage({ id: 'find.where.sheet' }, { sheet: where.sheet }),
      );
    if (where.cell !== undefined)
      parts.push(
        intl.formatMessage({ id: 'find.where.cell' }, { cell: where.cell }),
      );
    if (where.author !== undefined)
      parts.push(
        intl.formatMessage(
          { id: 'find.where.author' },
          { author: where.author },
        ),
      );
    if (where.key !== undefined)
      parts.push(
        intl.formatMessage({ id: 'find.where.key' }, { key: where.key }),
      );
    if (where.part !== undefined)
      parts.push(
        intl.formatMessage({ id: 'find.where.part' }, { part: where.part }),
      );
    return intl.formatList(parts, { type: 'unit' });
  };
}

function Places({ hits }: { readonly hits: readonly FindHit[] }) {
  const intl = useIntl();
  const details = useDetails();
  // Visible places first: they are the ones the visitor acts on.
  const ordered = [
    ...hits.filter((h) => h.visible),
    ...hits.filter((h) => !h.visible),
  ];
  const items: ReactNode[] = ordered.map((hit, i) => {
    const shown = details(hit.where);
    const values = {
      place: intl.formatMessage({ id: `find.place.${hit.place}` }),
      kind: intl.formatMessage({
        id: hit.visible ? 'find.kind.visible' : 'find.kind.hidden',
      }),
      details: <bdi key="details">{shown}</bdi>,
    };
    return (
      <span key={i} data-place={hit.place} data-visible={hit.visible}>
        <FormattedMessage
          id={shown ? 'find.hit' : 'find.hit.plain'}
          values={values}
        />
      </span>
    );
  });
  return <FormattedList type="conjunction" value={items} />;
}

function Answer({ answer }: { readonly answer: FindAnswer }) {
  return (
    <>
      {answer.words.map((w) => {
        const word = <bdi key="word">{w.word}</bdi>;
        if (w.before.length === 0 && w.after.length === 0)
          return (
            <p key={w.word}>
              <FormattedMessage id="find.word.absent" values={{ word }} />
            </p>
          );
        return (
          <div key={w.word} className="find-words-word">
            {w.before.length > 0 && (
              <p>
                <FormattedMessage
                  id="find.word.before"
                  values={{ word, places: <Places key="p" hits={w.before} /> }}
                />
              </p>
            )}
            <p>
              {w.after.length === 0 ? (
                <FormattedMessage id="find.word.gone" />
              ) : (
                <FormattedMessage
                  id="find.word.after"
                  values={{ places: <Places key="p" hits={w.after} /> }}
                />
              )}
            </p>
            {w.after.some((h) => h.visible) && (
              <p className="find-words-note">
                <FormattedMessage id="find.visible-note" />
              </p>
            )}
          </div>
        );
      })}
      {answer.unsearched.after.length > 0 && (
        <p className="find-words-withdrawn">
          <FormattedMessage
            id="find.unsearched"
            values={{ parts: answer.unsearched.after.join(', ') }}
          />
        </p>
      )}
      {!answer.clean && answer.unsearched.after.length === 0 && (
        <p className="find-words-withdrawn" data-testid="find-withdrawn">
          <FormattedMessage id="find.withdrawn" />
        </p>
      )}
    </>
  );
}

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
  const [text, setText] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (phase.kind === 'searching') return;
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
      <form className="find-words-form" onSubmit={submit} autoComplete="off">
        <label htmlFor={`${id}-words`}>
          <FormattedMessage id="find.label" />
        </label>
        <input
          id={`${id}-words`}
          type="text"
          value={text}
          autoComplete="off"
          spellCheck={false}
          dir="auto"
          onChange={(event) => setText(event.target.value)}
          data-testid="find-input"
        />
        <button
          type="submit"
          className="uploader-button"
          aria-disabled={phase.kind === 'searching'}
        >
          <FormattedMessage id="find.submit" />
        </button>
      </form>
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
        {phase.kind === 'done' && <Answer answer={phase.answer} />}
      </div>
    </section>
  );
}
