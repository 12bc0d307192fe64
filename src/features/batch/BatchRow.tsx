import { memo, useState } from 'react';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import type { Sidecar } from '../../../workers/engine/sidecars';
import type { BatchItem } from '../../machines/batch-items';
import { downloadName } from '../report/download-name';
import { Report } from '../report/Report';
import { limitForFile } from '../../catalog/accepted-types';
import { breakableName } from '../uploader/DownloadLink';
import { errorMessageId } from '../uploader/error-message';
import { useFormatSize } from '../uploader/use-format-size';
import { saveBlob } from './save-blob';

const name = (text: string) => (
  <bdi className="uploader-file-name">{breakableName(text)}</bdi>
);

/** Why a sidecar is left out: what it holds, and of which file when that file is beside it. */
function SidecarText({ sidecar }: { sidecar: Sidecar | undefined }) {
  if (!sidecar) return <FormattedMessage id="sidecar.left-out" />;
  const { kind, belongsTo } = sidecar;
  if (belongsTo && kind !== 'thumbs-db' && kind !== 'ds-store')
    return (
      <FormattedMessage
        id={`sidecar.${kind}.of`}
        values={{ name: name(belongsTo.split('/').pop() ?? belongsTo) }}
      />
    );
  return <FormattedMessage id={`sidecar.${kind}`} />;
}

/** Why a file has no copy, or what became of it, in the visitor's language. */
function StatusText({ item }: { item: BatchItem }) {
  const formatSize = useFormatSize();
  switch (item.status) {
    case 'refused':
      return (
        <FormattedMessage
          id={`uploader.batch.refused.${item.refusal ?? 'file-invalid-type'}`}
          values={{ limit: formatSize(limitForFile(item.file)) }}
        />
      );
    case 'failed':
      // A batch has no list of the parts nor the button to remove them: the file alone has both.
      return (
        <FormattedMessage
          id={
            item.errorCode === 'uncleanable-part'
              ? 'uploader.batch.failed.uncleanable-part'
              : errorMessageId(
                  item.errorCode ?? 'corrupt',
                  item.unknownKind === true,
                )
          }
        />
      );
    case 'left-out':
      return <SidecarText sidecar={item.sidecar} />;
    default:
      return <FormattedMessage id={`uploader.batch.status.${item.status}`} />;
  }
}

/** A file's own report, drawn only once the visitor opens it (a list may hold hundreds). */
function ItemReport({ item, copyName }: { item: BatchItem; copyName: string }) {
  const [open, setOpen] = useState(false);
  if (!item.result) return null;
  return (
    <details
      className="batch-report"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        <FormattedMessage
          id="uploader.batch.report"
          values={{ name: name(item.file.name) }}
        />
      </summary>
      {open && (
        <Report
          result={item.result}
          fileName={item.file.name}
          downloadName={copyName}
          original={item.file}
        />
      )}
    </details>
  );
}

interface RowProps {
  readonly item: BatchItem;
  /** The running file's progress, 0..1; the other rows get 0 so they do not redraw. */
  readonly progress: number;
  /** "Find my name" found a word left in a hidden place of the copy: it is not offered. */
  readonly withdrawn?: boolean;
}

/** One file of the list: its path, its state, and once cleaned its download and report. */
export const BatchRow = memo(function BatchRow({
  item,
  progress,
  withdrawn = false,
}: RowProps) {
  const { result } = item;
  const copyName = result
    ? downloadName(result.name, item.file.name, result.format)
    : '';
  return (
    <li
      className="batch-item"
      data-status={item.status}
      data-withdrawn={withdrawn || undefined}
    >
      <span className="batch-path">{name(item.path)}</span>
      <span className="batch-status">
        <StatusText item={item} />
        {item.status === 'cleaning' && (
          <>
            {' '}
            <FormattedNumber value={progress} style="percent" />
          </>
        )}
      </span>
      {result && withdrawn && (
        <span className="batch-withdrawn">
          <FormattedMessage id="find.batch.row-withdrawn" />
        </span>
      )}
      {result && !withdrawn && (
        <button
          type="button"
          className="batch-download"
          onClick={() => saveBlob(result.blob, copyName)}
        >
          <FormattedMessage
            id="uploader.download"
            values={{ name: name(copyName) }}
          />
        </button>
      )}
      <ItemReport item={item} copyName={copyName} />
    </li>
  );
});
