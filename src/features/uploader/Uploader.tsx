import { useMachine } from '@xstate/react';
import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { FormattedMessage } from 'react-intl';
import { fromPromise } from 'xstate';
import {
  uploaderMachine,
  type CleanInput,
} from '../../machines/uploaderMachine';
import type {
  BridgeOutcome,
  CleanJobOptions,
  CleanSuccess,
} from '../../worker-bridge/clean-bridge';
import { downloadName } from '../report/download-name';
import { Report } from '../report/Report';
import { ReportSummary } from '../report/ReportSummary';
import {
  acceptedEntries,
  type UploaderKind,
} from '../../catalog/accepted-types';
import { DownloadLink } from './DownloadLink';
import { NameNote } from './NameNote';
import { nameRisks, neutralName } from '../../../workers/engine/file-name';
import { itemKindOf } from '../../../workers/engine/format-catalog';
import { DropZone } from './DropZone';
import { ErrorBox } from './ErrorBox';
import { FileSummary } from './FileSummary';
import type { Handoff } from './handoff';
import { ProgressBar } from './ProgressBar';
import { ShareButton } from './ShareButton';
import { StatusAnnouncer, type UploaderStatus } from './StatusAnnouncer';
import { useHydrated } from '../../site/use-hydrated';
import { useResultFocus } from './use-result-focus';
import type { BatchPhase } from '../batch/BatchList';
import { FindWords, type FindFn } from '../find-words/FindWords';
import { findInWorker } from '../../worker-bridge/clean-bridge';

/** The list of many files, loaded when a visitor first gives more than one: one file needs none of it. */
const BatchList = lazy(() =>
  import('../batch/BatchList').then((m) => ({ default: m.BatchList })),
);
import './uploader.css';

export type { UploaderKind } from '../../catalog/accepted-types';

export type CleanFn = (
  file: File,
  options: CleanJobOptions,
) => Promise<BridgeOutcome>;

interface UploaderProps {
  /** The page's accepted-type list. */
  readonly kind: UploaderKind;
  /** Replaces the worker in component tests; pages leave it out. */
  readonly clean?: CleanFn;
  /** What the visitor did in the light zone shown while this code loaded (`DeferredUploader`). */
  readonly handoff?: Handoff;
  /** Replaces the worker's "Find my name" search in component tests. */
  readonly find?: FindFn;
}

function useUploaderMachine(clean: CleanFn | undefined) {
  const [machine] = useState(() =>
    clean
      ? uploaderMachine.provide({
          actors: {
            cleanFile: fromPromise<BridgeOutcome, CleanInput>(
              ({ input, signal }) =>
                clean(input.file, {
                  signal,
                  onProgress: input.onProgress,
                  dropUncleanable: input.dropUncleanable,
                }),
            ),
          },
        })
      : uploaderMachine,
  );
  return useMachine(machine);
}

interface ResultProps {
  readonly result: CleanSuccess;
  readonly file: File;
  readonly url: string;
  readonly resultRef: RefObject<HTMLDivElement | null>;
  readonly downloadRef: RefObject<HTMLAnchorElement | null>;
  readonly find: FindFn;
}

/** The result: what the file revealed, the clean copy first, then the details. */
function Result({
  result,
  file,
  url,
  resultRef,
  downloadRef,
  find,
}: ResultProps) {
  const cleanedName = downloadName(result.name, file.name, result.format);
  const risks = useMemo(() => nameRisks(file.name), [file.name]);
  const neutral = neutralName(cleanedName, itemKindOf(result.format.id));
  const [useNeutral, setUseNeutral] = useState(false);
  // "Find my name" found a word where no reader sees it: the copy is not offered.
  const [withdrawn, setWithdrawn] = useState(false);
  const name = useNeutral ? neutral : cleanedName;
  const alreadyClean = result.removed.length === 0;
  return (
    <div
      className="uploader-done"
      ref={resultRef}
      data-clean={alreadyClean ? 'already' : 'cleaned'}
    >
      <p className="uploader-success">
        <FormattedMessage
          id={alreadyClean ? 'uploader.already-clean' : 'uploader.processed'}
        />
      </p>
      <ReportSummary result={result} />
      {!withdrawn && (
        <div className="uploader-save">
          <DownloadLink ref={downloadRef} url={url} name={name} />
          <ShareButton blob={result.blob} name={name} />
        </div>
      )}
      <NameNote
        fileName={file.name}
        risks={risks}
        neutral={neutral}
        useNeutral={useNeutral}
        onChange={setUseNeutral}
      />
      <FindWords
        original={file}
        copy={result.blob}
        copyName={name}
        find={find}
        onVerdict={(clean) => {
          // A copy found not clean stays withdrawn: searching for other words does not clean it.
          if (!clean) setWithdrawn(true);
        }}
      />
      <Report
        result={result}
        fileName={file.name}
        downloadName={name}
        original={file}
      />
    </div>
  );
}

/** Files shared to the app or opened with it are cleaned as soon as they are selected. */
function useStartOnSelect(
  handoff: Handoff | undefined,
  ready: boolean,
  start: () => void,
) {
  const pending = useRef<Handoff | undefined>(undefined);
  useEffect(() => {
    if (handoff?.start) pending.current = handoff;
  }, [handoff]);
  useEffect(() => {
    if (!ready || !pending.current) return;
    pending.current = undefined;
    start();
    // `start` sends to the machine, the same for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
}

/** The file uploader of every tool page: drop or choose, clean in the worker, report, download. */
export function Uploader({
  kind,
  clean,
  handoff,
  find = findInWorker,
}: UploaderProps) {
  const [snapshot, send] = useUploaderMachine(clean);
  const entries = useMemo(() => acceptedEntries(kind), [kind]);
  const value = snapshot.value;
  // A list of files is the `batch` state's; the one-file states stay as they were.
  const batchPhase =
    typeof value === 'object' && 'batch' in value
      ? (value.batch as BatchPhase | 'next')
      : null;
  const status: UploaderStatus = batchPhase
    ? 'idle'
    : (value as UploaderStatus);
  const {
    file,
    result,
    downloadUrl,
    errorCode,
    errorParts,
    errorUnknownKind,
    progress,
    cancelled,
  } = snapshot.context;
  const processing = status === 'processing';
  const hydrated = useHydrated();
  const resultRef = useRef<HTMLDivElement>(null);
  const downloadRef = useRef<HTMLAnchorElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);
  const targets = useMemo(
    () => ({
      result: resultRef,
      download: downloadRef,
      error: errorRef,
      action: actionRef,
    }),
    [],
  );
  useResultFocus(status, targets);
  // One file waits as "selected", several as a list ready to start.
  useStartOnSelect(
    handoff,
    (status === 'selected' && file !== null) || batchPhase === 'ready',
    () => send({ type: 'processing.start' }),
  );

  return (
    <section
      className="uploader"
      data-state={batchPhase ? 'batch' : status}
      data-ready={hydrated ? 'true' : 'false'}
    >
      {!batchPhase && <StatusAnnouncer status={status} file={file} />}
      <DropZone
        entries={entries}
        kind={kind}
        disabled={processing}
        onFile={(selected) => send({ type: 'file.select', file: selected })}
        onReject={() => send({ type: 'file.reject' })}
        onFiles={(inputs) => send({ type: 'files.select', inputs })}
        batching={batchPhase === 'ready' || batchPhase === 'cleaning'}
        handoff={handoff}
      />
      {batchPhase && (
        <Suspense fallback={null}>
          <BatchList
            items={snapshot.context.items}
            phase={batchPhase === 'next' ? 'cleaning' : batchPhase}
            progress={progress}
            onStart={() => send({ type: 'processing.start' })}
            onCancel={() => send({ type: 'processing.cancel' })}
            find={find}
          />
        </Suspense>
      )}
      {file && (
        <FileSummary
          file={file}
          format={status === 'done' ? result?.format : undefined}
        />
      )}
      {file && status !== 'done' && (
        <button
          ref={actionRef}
          type="button"
          className="uploader-button uploader-action"
          // Not `disabled`: a disabled button drops keyboard focus to the page body.
          aria-disabled={processing}
          onClick={() => {
            if (!processing) send({ type: 'processing.start' });
          }}
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
      {processing && file && (
        <ProgressBar
          fraction={progress}
          name={file.name}
          onCancel={() => send({ type: 'processing.cancel' })}
        />
      )}
      {status === 'done' && result && downloadUrl && file && (
        <Result
          result={result}
          file={file}
          url={downloadUrl}
          resultRef={resultRef}
          downloadRef={downloadRef}
          find={find}
        />
      )}
      {status === 'error' && errorCode && file && (
        <ErrorBox
          ref={errorRef}
          code={errorCode}
          parts={errorParts}
          unknownKind={errorUnknownKind}
          onDropParts={() => send({ type: 'processing.dropUncleanable' })}
        />
      )}
    </section>
  );
}
