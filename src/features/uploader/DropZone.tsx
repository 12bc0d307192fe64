import { useEffect, useMemo, useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CatalogEntry } from '../../../workers/engine/format-catalog';
import {
  extensionList,
  limitForFile,
  toDropzoneAccept,
} from '../../catalog/accepted-types';
import { isIgnoredFile } from './file-rules';
import { firstRejection, type Rejection } from './rejections';
import { RejectionMessage } from './RejectionMessage';
import { dropEventOf, type Handoff } from './handoff';
import { ZoneText } from './ZoneText';
import type { UploaderKind } from '../../catalog/accepted-types';
import type { BatchInput, BatchRefusal } from '../../machines/batch-items';
import { FolderButton } from '../batch/FolderButton';
import {
  sidecarOf as engineSidecarOf,
  sortDrop,
  type SidecarOf,
} from '../batch/sort-drop';

/** The smallest file worth cleaning: an empty file has nothing to clean and no format. */
const MIN_FILE_BYTES = 1;

interface DropZoneProps {
  readonly entries: readonly CatalogEntry[];
  /** The page's list, to point a refused file at the page that takes it. */
  readonly kind: UploaderKind;
  readonly disabled: boolean;
  readonly onFile: (file: File) => void;
  /** A drop was refused: the previous file's result must go. */
  readonly onReject?: () => void;
  /** What the visitor did in the light zone this one replaces (`DeferredUploader`). */
  readonly handoff?: Handoff;
  /** Two or more files, or any drop while a list is shown: each with its path and verdict. */
  readonly onFiles?: (inputs: BatchInput[]) => void;
  /** A list of files is shown: every drop joins it. */
  readonly batching?: boolean;
  /** Tells the files that sit beside photos and carry their secrets. */
  readonly sidecarOf?: SidecarOf;
}

/** A refused file's reason as the list says it; "too many" cannot happen with `multiple`. */
function refusalOf(rejection: FileRejection): BatchRefusal {
  const code = rejection.errors[0]?.code;
  return code === 'file-too-large' || code === 'file-too-small'
    ? code
    : 'file-invalid-type';
}

/**
 * The drop zone: one file, the page's types only (drop and dialog alike), the size limit of
 * the file's family (photos, video and audio far above documents). The visible button opens the dialog; the whole zone takes drops.
 */
export function DropZone({
  entries,
  kind,
  disabled,
  onFile,
  onReject,
  handoff,
  onFiles,
  batching = false,
  sidecarOf = engineSidecarOf,
}: DropZoneProps) {
  const intl = useIntl();
  const [rejection, setRejection] = useState<Rejection | null>(null);
  const [dialogCancelled, setDialogCancelled] = useState(
    handoff?.dialogCancelled ?? false,
  );
  const buttonRef = useRef<HTMLButtonElement>(null);
  const accept = useMemo(() => toDropzoneAccept(entries), [entries]);
  const types = intl.formatList(extensionList(entries));

  const onDrop = (accepted: File[], rejected: FileRejection[]) => {
    setDialogCancelled(false);
    const files = accepted.filter((f) => !isIgnoredFile(f));
    const refused = rejected.filter((r) => !isIgnoredFile(r.file));
    // Several files (a folder, a selection) become a list; system files and sidecars are
    // named in it as left out rather than dropped silently.
    if (onFiles && (batching || files.length + refused.length > 1)) {
      setRejection(null);
      onFiles(
        sortDrop(
          [
            ...accepted.map((file) => ({ file })),
            ...rejected.map((r) => ({ file: r.file, refusal: refusalOf(r) })),
          ],
          sidecarOf,
        ),
      );
      return;
    }
    const refusal = firstRejection(refused);
    setRejection(refusal);
    if (refusal) {
      onReject?.();
      return;
    }
    const [file] = files;
    if (file) onFile(file);
  };

  const { getRootProps, getInputProps, isDragActive, isDragReject, rootRef } =
    useDropzone({
      accept,
      // An empty accept would let everything through; a page with no cleanable type takes nothing.
      // The limit depends on the file's family, so it is checked here rather than by `maxSize`.
      // While dragging, the browser hands items without a name or size: those wait for the drop.
      validator: (file) => {
        if (entries.length === 0)
          return { code: 'file-invalid-type', message: 'no accepted types' };
        if (typeof file.size === 'number' && file.size > limitForFile(file))
          return { code: 'file-too-large', message: 'over the limit' };
        return null;
      },
      multiple: Boolean(onFiles),
      maxFiles: onFiles ? 0 : 1,
      minSize: MIN_FILE_BYTES,
      disabled,
      noKeyboard: true,
      onDrop,
      onFileDialogCancel: () => setDialogCancelled(true),
    });

  // What the light zone hands over, taken once per handoff: its focus, and its files through the
  // drop path (a file can still arrive from the light zone's dialog after the swap).
  const taken = useRef<Handoff | undefined>(undefined);
  useEffect(() => {
    if (!handoff || taken.current === handoff) return;
    taken.current = handoff;
    if (handoff.focusSelect) buttonRef.current?.focus();
    if (handoff.files?.length)
      rootRef.current?.dispatchEvent(dropEventOf(handoff.files));
  }, [handoff, rootRef]);

  const zoneClass = [
    'uploader-zone',
    isDragActive && 'uploader-zone-active',
    isDragReject && 'uploader-zone-reject',
    disabled && 'uploader-zone-disabled',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <>
      <div {...getRootProps({ className: zoneClass })} data-testid="drop-zone">
        <input
          {...getInputProps()}
          aria-label={intl.formatMessage({ id: 'uploader.zone.input' })}
        />
        <ZoneText
          types={types}
          typeCount={extensionList(entries).length}
          accepts={entries.length > 0}
          dragging={isDragActive}
          disabled={disabled}
          buttonRef={buttonRef}
          notice={
            rejection && (
              <RejectionMessage
                rejection={rejection}
                kind={kind}
                types={types}
              />
            )
          }
        />
        {dialogCancelled && (
          <p className="uploader-hint" role="status">
            <FormattedMessage id="uploader.zone.cancelled" />
          </p>
        )}
      </div>
      {onFiles && (
        <FolderButton
          disabled={disabled}
          onFiles={(files) =>
            rootRef.current?.dispatchEvent(dropEventOf(files))
          }
        />
      )}
    </>
  );
}
