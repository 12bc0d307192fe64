import { useId } from 'react';
import { FormattedList, FormattedMessage, useIntl } from 'react-intl';
import type { NameRisk } from '../../../workers/engine/file-name';

interface NameNoteProps {
  readonly fileName: string;
  readonly risks: readonly NameRisk[];
  /** The name that tells nothing (`photo.jpg`). */
  readonly neutral: string;
  readonly useNeutral: boolean;
  readonly onChange: (useNeutral: boolean) => void;
}

/**
 * Said under the download when the file's name gives away what the metadata did (a date, a
 * time, a person): cleaning keeps names, so the visitor may take the copy under a neutral one.
 */
export function NameNote({
  fileName,
  risks,
  neutral,
  useNeutral,
  onChange,
}: NameNoteProps) {
  const intl = useIntl();
  const id = useId();
  if (risks.length === 0) return null;
  return (
    <div className="uploader-name-note" data-testid="name-note">
      <p>
        <FormattedMessage
          id="uploader.name.note"
          values={{
            name: <bdi key="name">{fileName}</bdi>,
            risks: (
              <FormattedList
                key="risks"
                type="conjunction"
                value={risks.map((r) =>
                  intl.formatMessage({ id: `uploader.name.risk.${r}` }),
                )}
              />
            ),
          }}
        />
      </p>
      <p>
        <input
          id={id}
          type="checkbox"
          checked={useNeutral}
          onChange={(event) => onChange(event.target.checked)}
        />{' '}
        <label htmlFor={id}>
          <FormattedMessage
            id="uploader.name.neutral"
            values={{ name: <bdi key="neutral">{neutral}</bdi> }}
          />
        </label>
      </p>
    </div>
  );
}
