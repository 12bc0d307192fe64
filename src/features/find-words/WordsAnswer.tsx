import type { ReactNode } from 'react';
import { FormattedList, FormattedMessage, useIntl } from 'react-intl';
import type { FindAnswer } from '../../worker-bridge/clean-bridge';
import type { FindHit, HitWhere } from '../../../workers/engine/find/places';

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

interface WordsAnswerProps {
  readonly answer: FindAnswer;
  /** One file of many: a withdrawn copy also leaves the ZIP of all files, and the words say so. */
  readonly inBatch?: boolean;
}

/**
 * One file's answer: per word, where it was in the original and where it still is in the copy,
 * each place visible or hidden; then whether the copy is withdrawn, and why.
 */
export function WordsAnswer({ answer, inBatch = false }: WordsAnswerProps) {
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
            id={inBatch ? 'find.batch.unsearched' : 'find.unsearched'}
            values={{ parts: answer.unsearched.after.join(', ') }}
          />
        </p>
      )}
      {!answer.clean && answer.unsearched.after.length === 0 && (
        <p className="find-words-withdrawn" data-testid="find-withdrawn">
          <FormattedMessage
            id={inBatch ? 'find.batch.file-withdrawn' : 'find.withdrawn'}
          />
        </p>
      )}
    </>
  );
}
