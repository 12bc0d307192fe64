import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FIELDS } from '../../../workers/engine/fields';
import type { Finding } from '../../../workers/engine/index';
import { ContentHashes } from './ContentHashes';
import { valueDirection } from './direction';
import { groupByCategory } from './groups';
import { locationWords } from './location-words';
import { phraseWords } from './phrase-words';
import { formatValue } from './values';

/** Raw rows per category once the disclosure is opened; past this, a count. */
export const TECHNICAL_ROWS_PER_CATEGORY = 200;

/**
 * A raw value as the file holds it, unless it is bytes nobody can read or words the engine wrote
 * (a telemetry track's kind), which are the visitor's.
 */
function rawValue(
  intl: ReturnType<typeof useIntl>,
  item: Finding,
): string | undefined {
  if (item.value === undefined) return undefined;
  const words = phraseWords(intl, item.value, item.field);
  if (words !== null) return words;
  const friendly = formatValue(intl, item.field, item.value);
  const binary = intl.formatMessage({ id: 'report.value.binary' });
  return friendly.startsWith(binary) ? friendly : item.value;
}

function RawRow({ item }: { item: Finding }) {
  const intl = useIntl();
  const value = rawValue(intl, item);
  const labelWords = phraseWords(intl, item.label, item.field);
  const whereWords = locationWords(intl, item.location);
  return (
    <li className="report-raw-row">
      {/* What the field is in the visitor's words: a raw name alone ("CodecName", "compressorname")
          says nothing to most people, and some formats' names are English. */}
      <span className="report-raw-field">
        <FormattedMessage id={`report.field.${FIELDS[item.field].label}`} />
      </span>
      {/* The engine's own words for a thing the file does not name ("hidden sheet") are the
          visitor's; a name from the file or its format stays as written. */}
      {labelWords === null ? (
        <code className="report-raw-label" dir="ltr">
          {item.label}
        </code>
      ) : (
        <span className="report-raw-label" dir={valueDirection(labelWords)}>
          {labelWords}
        </span>
      )}
      {value !== undefined && (
        <span className="report-raw-value" dir={valueDirection(value)}>
          {value}
        </span>
      )}
      {/* So is where it was: "first frame at byte 211" in the visitor's words, a box path as
          written. */}
      {whereWords === null ? (
        <code className="report-raw-where" dir="ltr">
          {item.location}
        </code>
      ) : (
        <span className="report-raw-where" dir={valueDirection(whereWords)}>
          {whereWords}
        </span>
      )}
    </li>
  );
}

function RawList({ findings }: { findings: readonly Finding[] }) {
  const intl = useIntl();
  const groups = groupByCategory(findings);
  return (
    <>
      {groups.map(({ key, findings: items }) => (
        <div key={key} className="report-raw-group">
          <h5 className="report-group-title">
            <FormattedMessage id={`report.category.${key}`} />
          </h5>
          <ul className="report-raw-list">
            {items.slice(0, TECHNICAL_ROWS_PER_CATEGORY).map((item, index) => (
              <RawRow key={index} item={item} />
            ))}
          </ul>
          {items.length > TECHNICAL_ROWS_PER_CATEGORY && (
            <p className="report-more">
              {intl.formatMessage(
                { id: 'report.more' },
                { count: items.length - TECHNICAL_ROWS_PER_CATEGORY },
              )}
            </p>
          )}
        </div>
      ))}
    </>
  );
}

/**
 * The raw field names, values and places in the file, closed by default and built only when
 * opened: people read the friendly rows; experts can still check every field.
 */
export function TechnicalDetails({
  removed,
  kept,
  content,
}: {
  removed: readonly Finding[];
  kept: readonly Finding[];
  /** The original and its copy, whose content is hashed once the details are opened. */
  content?: { readonly original: Blob; readonly copy: Blob };
}) {
  const [open, setOpen] = useState(false);
  if (removed.length === 0 && kept.length === 0 && !content) return null;
  return (
    <details
      className="report-technical"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        <FormattedMessage id="report.technical" />
      </summary>
      {open && (
        <div className="report-technical-body">
          <p className="report-technical-intro">
            <FormattedMessage id="report.technical.intro" />
          </p>
          <RawList findings={removed} />
          {kept.length > 0 && (
            <>
              <h4 className="report-heading">
                <FormattedMessage id="report.kept" />
              </h4>
              <RawList findings={kept} />
            </>
          )}
          {content && (
            <ContentHashes original={content.original} copy={content.copy} />
          )}
        </div>
      )}
    </details>
  );
}
