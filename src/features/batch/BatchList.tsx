import { useCallback, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { cleanedItems, type BatchItem } from '../../machines/batch-items';
import { BatchFind, type SearchedFile } from '../find-words/BatchFind';
import type { FindFn } from '../find-words/FindWords';
import { downloadName } from '../report/download-name';
import { archiveOf, outputsOf, type Cleaned } from './archive';
import { BatchRow } from './BatchRow';
import { BatchSummary } from './BatchSummary';
import { saveBlob } from './save-blob';
import { directoryPicker, saveIntoFolder } from './save-folder';
import './batch.css';

/** The archive's name: says what it holds and nothing of the visitor's own names. */
export const ARCHIVE_NAME = 'cleaned_files.zip';

export type BatchPhase = 'ready' | 'cleaning' | 'finished';

interface BatchListProps {
  readonly items: readonly BatchItem[];
  readonly phase: BatchPhase;
  /** The running file's progress, 0..1. */
  readonly progress: number;
  readonly onStart: () => void;
  readonly onCancel: () => void;
  /** "Find my name" over the cleaned files, in the worker. */
  readonly find: FindFn;
}

type FolderState = 'idle' | 'saving' | 'saved' | 'failed';

/** Saving into a folder the visitor picks, where the browser can (File System Access). */
function useFolderSave(offered: readonly Cleaned[]) {
  const [state, setState] = useState<FolderState>('idle');
  const save = async () => {
    const picker = directoryPicker();
    if (!picker) return;
    let root: FileSystemDirectoryHandle;
    try {
      root = await picker({ mode: 'readwrite' });
    } catch {
      return; // The visitor closed the picker: nothing to say.
    }
    setState('saving');
    try {
      await saveIntoFolder(root, outputsOf(offered));
      setState('saved');
    } catch {
      setState('failed');
    }
  };
  return { state, save };
}

/** What "Find my name" searches: each cleaned file and its copy under the name it is offered by. */
const searchedFiles = (cleaned: readonly Cleaned[]): SearchedFile[] =>
  cleaned.map(({ id, path, file, result }) => ({
    id,
    path,
    original: file,
    copy: result.blob,
    copyName: downloadName(result.name, file.name, result.format),
  }));

/**
 * The copies a search found not clean, by item id. A copy once found not clean stays withdrawn:
 * it does not change, and a later search for other words does not make it clean.
 */
function useWithdrawn() {
  const [withdrawn, setWithdrawn] = useState<ReadonlySet<number>>(new Set());
  const withdraw = useCallback(
    (id: number) =>
      setWithdrawn((set) => (set.has(id) ? set : new Set(set).add(id))),
    [],
  );
  return { withdrawn, withdraw };
}

/** Two or more files: the list with each file's state, the summary, and one archive or a folder. */
export function BatchList({
  items,
  phase,
  progress,
  onStart,
  onCancel,
  find,
}: BatchListProps) {
  const cleaned = useMemo(() => cleanedItems(items), [items]);
  const { withdrawn, withdraw } = useWithdrawn();
  const offered = useMemo(
    () => cleaned.filter((item) => !withdrawn.has(item.id)),
    [cleaned, withdrawn],
  );
  const searched = useMemo(() => searchedFiles(cleaned), [cleaned]);
  const leftOut = cleaned.length - offered.length;
  const folder = useFolderSave(offered);
  const [canPickFolder] = useState(() => directoryPicker() !== null);
  const waiting = items.filter((item) => item.status === 'waiting').length;
  return (
    <div className="batch" data-phase={phase}>
      <BatchSummary items={items} />
      {phase === 'ready' && waiting > 0 && (
        <button
          type="button"
          className="uploader-button uploader-action"
          onClick={onStart}
        >
          <FormattedMessage
            id="uploader.batch.start"
            values={{ count: waiting }}
          />
        </button>
      )}
      {phase === 'cleaning' && (
        <button
          type="button"
          className="uploader-button batch-cancel"
          onClick={onCancel}
        >
          <FormattedMessage id="uploader.batch.cancel" />
        </button>
      )}
      {phase === 'finished' && offered.length > 0 && (
        <div className="batch-actions">
          <button
            type="button"
            className="uploader-button uploader-download"
            data-testid="batch-zip"
            onClick={() =>
              saveBlob(archiveOf(outputsOf(offered)), ARCHIVE_NAME)
            }
          >
            <FormattedMessage
              id="uploader.batch.zip"
              values={{ count: offered.length }}
            />
          </button>
          {canPickFolder && (
            <button
              type="button"
              className="uploader-button batch-folder"
              aria-disabled={folder.state === 'saving'}
              onClick={() => {
                if (folder.state !== 'saving') void folder.save();
              }}
            >
              <FormattedMessage id="uploader.batch.folder" />
            </button>
          )}
          {folder.state !== 'idle' && (
            <p className="uploader-hint" role="status">
              <FormattedMessage
                id={`uploader.batch.folder.${folder.state}`}
                values={{ count: offered.length }}
              />
            </p>
          )}
        </div>
      )}
      {leftOut > 0 && (
        <p className="batch-left-out" data-testid="batch-left-out">
          <FormattedMessage
            id="find.batch.left-out"
            values={{ count: leftOut }}
          />
        </p>
      )}
      {phase === 'finished' && cleaned.length === 0 && (
        <p className="uploader-hint">
          <FormattedMessage id="uploader.batch.nothing" />
        </p>
      )}
      {phase === 'finished' && cleaned.length > 0 && (
        <BatchFind files={searched} find={find} onWithdraw={withdraw} />
      )}
      <ul className="batch-list" data-testid="batch-list">
        {items.map((item) => (
          <BatchRow
            key={item.id}
            item={item}
            progress={item.status === 'cleaning' ? progress : 0}
            withdrawn={withdrawn.has(item.id)}
          />
        ))}
      </ul>
    </div>
  );
}
