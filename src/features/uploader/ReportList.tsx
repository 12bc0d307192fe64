import type { Finding } from '../../../workers/engine/index';

/** Hebrew, Arabic, Syriac, Thaana and N'Ko letters: a value with none reads left to right. */
const RIGHT_TO_LEFT_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/**
 * Coordinates and dates have no strong direction, so `dir="auto"` would lay "43.46, 11.88" out
 * right to left on the Arabic pages; only text with right-to-left letters reads that way.
 */
function valueDirection(value: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT_LETTER.test(value) ? 'rtl' : 'ltr';
}

/** Past this many rows a category folds the rest away, so a file with 300 tags stays readable. */
const VISIBLE_ROWS = 12;

function FindingRow({ item }: { item: Finding }) {
  return (
    <li className="report-row">
      <span className="report-label" dir="ltr">
        {item.label}
      </span>
      {item.value !== undefined && (
        <span className="report-value" dir={valueDirection(item.value)}>
          {item.value}
        </span>
      )}
      <span className="report-where" dir="ltr">
        {item.location}
      </span>
    </li>
  );
}

/** One group's findings; rows beyond the first dozen sit behind a native disclosure. */
export function ReportList({
  findings,
  moreLabel,
}: {
  findings: readonly Finding[];
  moreLabel: (hidden: number) => string;
}) {
  const shown = findings.slice(0, VISIBLE_ROWS);
  const hidden = findings.slice(VISIBLE_ROWS);
  return (
    <>
      <ul className="report-list">
        {shown.map((item, index) => (
          <FindingRow key={index} item={item} />
        ))}
      </ul>
      {hidden.length > 0 && (
        <details className="report-more">
          <summary>{moreLabel(hidden.length)}</summary>
          <ul className="report-list">
            {hidden.map((item, index) => (
              <FindingRow key={index} item={item} />
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
