import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { fromPromise } from 'xstate';
import {
  uploaderMachine,
  type CleanInput,
} from '../../machines/uploaderMachine';
import type {
  BridgeOutcome,
  CleanJobOptions,
} from '../../worker-bridge/clean-bridge';
import { acceptedEntries, type UploaderKind } from './accepted-types';
import { DownloadLink } from './DownloadLink';
import { DropZone } from './DropZone';
import { ErrorBox } from './ErrorBox';
import { mimeOf } from './file-rules';
import { ProgressBar } from './ProgressBar';
import { Report } from './Report';
import { StatusAnnouncer, type UploaderStatus } from './StatusAnnouncer';
import { useFormatSize } from './use-format-size';
import { useHydrated } from './use-hydrated';
import './uploader.css';

export type { UploaderKind } from './accepted-types';

export type CleanFn = (
  file: File,
  options: CleanJobOptions,
) => Promise<BridgeOutcome>;

interface UploaderProps {
  /** The page's accepted-type list. */
  readonly kind: UploaderKind;
  /** Replaces the worker in component tests; pages leave it out. */
  readonly clean?: CleanFn;
}

function useUploaderMachine(clean: CleanFn | undefined) {
  const [machine] = useState(() =>
    clean
      ? uploaderMachine.provide({
          actors: {
            cleanFile: fromPromise<BridgeOutcome, CleanInput>(
              ({ input, signal }) =>
                clean(input.file, { signal, onProgress: input.onProgress }),
            ),
          },
        })
      : uploaderMachine,
  );
  return useMachine(machine);
}

function FileSummary({ file }: { file: File }) {
  const formatSize = useFormatSize();
  return (
    <p className="uploader-file" data-testid="selected-file">
      <span className="uploader-file-name" dir="auto">
        {file.name}
      </span>
      <span className="uploader-file-meta">
        {formatSize(file.size)}
        {mimeOf(file) && ` · ${mimeOf(file)}`}
      </span>
    </p>
  );
}

/** The file uploader of every tool page: drop or choose, clean in the worker, report, download. */
export function Uploader({ kind, clean }: UploaderProps) {
  const [snapshot, send] = useUploaderMachine(clean);
  const entries = useMemo(() => acceptedEntries(kind), [kind]);
  const status = snapshot.value as UploaderStatus;
  const { file, result, downloadUrl, errorCode, progress, cancelled } =
    snapshot.context;
  const processing = status === 'processing';
  const hydrated = useHydrated();

  return (
    <section
      className="uploader"
      data-state={status}
      data-ready={hydrated ? 'true' : 'false'}
    >
      <StatusAnnouncer status={status} file={file} />
      <DropZone
        entries={entries}
        disabled={processing}
        onFile={(selected) => send({ type: 'file.select', file: selected })}
      />
      {file && <FileSummary file={file} />}
      {file && status !== 'done' && (
        <button
          type="button"
          className="uploader-button uploader-action"
          disabled={processing}
          onClick={() => send({ type: 'processing.start' })}
        >
          <FormattedMessage
            id={processing ? 'uploader.processing' : 'uploader.remove'}
          />
        </button>
      )}
      {status === 'selected' && cancelled && (
        <p className="uploader-hint uploader-cancelled">
          <FormattedMessage id="uploader.error.cancelled" />
        </p>
      )}
      {processing && (
        <ProgressBar
          fraction={progress}
          onCancel={() => send({ type: 'processing.cancel' })}
        />
      )}
      {status === 'done' && result && downloadUrl && file && (
        <div className="uploader-done">
          <p className="uploader-success">
            <FormattedMessage id="uploader.processed" />
          </p>
          <DownloadLink url={downloadUrl} name={result.name} />
          <Report result={result} fileName={file.name} />
        </div>
      )}
      {status === 'error' && errorCode && <ErrorBox code={errorCode} />}
    </section>
  );
}
