import { useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { cleanedItems, type BatchItem } from '../../machines/batch-items';
import { archiveOf, outputsOf } from './archive';
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
}

type FolderState = 'idle' | 'saving' | 'saved' | 'failed';

/** Saving into a folder the visitor picks, where the browser can (File System Access). */
function useFolderSave(items: readonly BatchItem[]) {
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
      await saveIntoFolder(root, outputsOf(cleanedItems(items)));
      setState('saved');
    } catch {
      setState('failed');
    }
  };
  return { state, save };
}

/** Two or more files: the list with each file's state, the summary, and one archive or a folder. */
export function BatchList({
  items,
  phase,
  progress,
  onStart,
  onCancel,
}: BatchListProps) {
  const cleaned = useMemo(() => cleanedItems(items), [items]);
  const folder = useFolderSave(items);
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
      {phase === 'finished' && cleaned.length > 0 && (
        <div className="batch-actions">
          <button
            type="button"
            className="uploader-button uploader-download"
            data-testid="batch-zip"
            onClick={() =>
              saveBlob(archiveOf(outputsOf(cleaned)), ARCHIVE_NAME)
            }
          >
            <FormattedMessage
              id="uploader.batch.zip"
              values={{ count: cleaned.length }}
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
                values={{ count: cleaned.length }}
              />
            </p>
          )}
        </div>
      )}
      {phase === 'finished' && cleaned.length === 0 && (
        <p className="uploader-hint">
          <FormattedMessage id="uploader.batch.nothing" />
        </p>
      )}
      <ul className="batch-list" data-testid="batch-list">
        {items.map((item) => (
          <BatchRow
            key={item.id}
            item={item}
            progress={item.status === 'cleaning' ? progress : 0}
          />
        ))}
      </ul>
    </div>
  );
}
