import type { Finding } from '../../../workers/engine/index';

/** Past this many rows a category folds the rest away, so a file with 300 tags stays readable. */
const VISIBLE_ROWS = 12;

function FindingRow({ item }: { item: Finding }) {
  return (
    <li className="report-row">
      <span className="report-label">{item.label}</span>
      {item.value !== undefined && (
        <span className="report-value" dir="auto">
          {item.value}
        </span>
      )}
      <span className="report-where">{item.location}</span>
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
