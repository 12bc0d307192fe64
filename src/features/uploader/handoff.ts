/**
 * What the light drop zone a tool page shows first hands the full uploader when it replaces it,
 * so nothing the visitor did while the uploader's code was loading is lost.
 */
export interface Handoff {
  /** Files chosen in the dialog or dropped on the light zone, still to be checked. */
  readonly files?: readonly File[];
  /** The visitor closed the file dialog without choosing a file. */
  readonly dialogCancelled?: boolean;
  /** Keyboard focus was on the light zone's "Select file" button. */
  readonly focusSelect?: boolean;
  /** The files came from the share sheet or "Open with": clean them at once. */
  readonly start?: boolean;
}

/**
 * A drop event carrying `files`, dispatched on the full drop zone so a handed-over file takes the
 * same path as one dropped there: the page's types, the size limits, one file at a time. It is
 * built this way rather than with `DataTransfer`, which not every browser lets a page construct.
 */
export function dropEventOf(files: readonly File[]): Event {
  const event = new Event('drop', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', {
    value: dataTransferOf(files),
  });
  return event;
}

/** The part of a `DataTransfer` react-dropzone reads on a drop of these files. */
export function dataTransferOf(files: readonly File[]) {
  return {
    files,
    items: files.map((file) => ({
      kind: 'file',
      type: file.type,
      getAsFile: () => file,
    })),
    types: ['Files'],
  };
}
