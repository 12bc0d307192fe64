import { useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { filesOf, readPicker } from './read-directory';

/** `webkitdirectory` is not in React's typings; every current browser reads it. */
const FOLDER_INPUT = { webkitdirectory: '', directory: '' } as Record<
  string,
  string
>;

interface FolderButtonProps {
  readonly disabled: boolean;
  /** The folder's files, each with its path, to take the drop zone's path. */
  readonly onFiles: (files: File[]) => void;
}

/**
 * "Choose a folder": the File System Access picker where the browser has one, else a folder
 * input (`webkitdirectory`). It sits below the zone, so its clicks never open the zone's dialog.
 */
export function FolderButton({ disabled, onFiles }: FolderButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const choose = async () => {
    const picker = readPicker();
    if (!picker) {
      input.current?.click();
      return;
    }
    try {
      onFiles(await filesOf(await picker()));
    } catch {
      // The visitor closed the picker, or the browser refused the folder: nothing was chosen.
    }
  };
  return (
    <>
      <button
        type="button"
        className="uploader-button batch-folder-choose"
        disabled={disabled}
        onClick={() => void choose()}
      >
        <FormattedMessage id="uploader.zone.folder" />
      </button>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        data-testid="folder-input"
        {...FOLDER_INPUT}
        onChange={(event) => {
          onFiles([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
    </>
  );
}
