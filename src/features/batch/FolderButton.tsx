import { FormattedMessage } from 'react-intl';
import { filesOf, readPicker } from './read-directory';

interface FolderButtonProps {
  readonly disabled: boolean;
  /** The folder's files, each with its path, to take the drop zone's path. */
  readonly onFiles: (files: File[]) => void;
}

/**
 * A folder input (`webkitdirectory`, which every current browser reads), made when it is needed
 * and never placed in the page: the page keeps one file input, the drop zone's.
 */
function chooseWithInput(onFiles: (files: File[]) => void): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.webkitdirectory = true;
  input.addEventListener('change', () => onFiles([...(input.files ?? [])]), {
    once: true,
  });
  input.click();
}

/**
 * "Choose a folder": the File System Access picker where the browser has one, else a folder
 * input. It sits below the zone, so its clicks never open the zone's own dialog.
 */
export function FolderButton({ disabled, onFiles }: FolderButtonProps) {
  const choose = async () => {
    const picker = readPicker();
    if (!picker) {
      chooseWithInput(onFiles);
      return;
    }
    try {
      onFiles(await filesOf(await picker()));
    } catch {
      // The visitor closed the picker, or the browser refused the folder: nothing was chosen.
    }
  };
  return (
    <button
      type="button"
      className="uploader-button uploader-folder"
      disabled={disabled}
      onClick={() => void choose()}
    >
      <FormattedMessage id="uploader.zone.folder" />
    </button>
  );
}
