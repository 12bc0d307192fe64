import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { flushSync } from 'react-dom';
import { useIntl } from 'react-intl';
import { featureMessages, type MessageFeature } from '../../../i18n/messages';
import type { MessageSet } from '../../../i18n/locales';
import { FeatureMessages } from '../../site/FeatureMessages';
import { useLocale } from '../../site/locale-context';
import {
  acceptAttribute,
  acceptedEntries,
  extensionList,
  type UploaderKind,
} from '../../catalog/accepted-types';
import type { Handoff } from './handoff';
import { onIncomingFiles } from './incoming-files';
import { StatusAnnouncer } from './StatusAnnouncer';
import { useHydrated } from '../../site/use-hydrated';
import { ZoneText } from './ZoneText';
import { FolderButton } from '../batch/FolderButton';
import './uploader.css';

type FullUploader = typeof import('./Uploader').Uploader;

/** The messages the full uploader adds to the page's: the report's and "Find my name"'s. */
const FULL_FEATURES: readonly MessageFeature[] = ['report', 'find-words'];

let fullUploader: Promise<FullUploader> | null = null;

/** The full uploader's code and messages, loaded once, on the visitor's first move towards it. */
function loadFullUploader(set: MessageSet): Promise<FullUploader> {
  fullUploader ??= Promise.all([
    import('./Uploader'),
    ...FULL_FEATURES.map((feature) => featureMessages(set, feature)),
  ]).then(([module]) => module.Uploader);
  return fullUploader;
}

/** react-dropzone's hidden file input, so the light zone's markup is the full one's. */
const HIDDEN_INPUT = {
  border: 0,
  display: 'block',
  height: 0,
  margin: 0,
  opacity: 0,
  overflow: 'hidden',
  padding: 0,
  width: 0,
} as const;

/** How long after the window regains focus a dialog with no file counts as cancelled. */
const DIALOG_CANCEL_MS = 300;

function filesOf(list: FileList | null | undefined): File[] {
  return list ? Array.from(list) : [];
}

/**
 * The uploader of a tool page, light first: the drop zone as the full uploader draws it, already
 * working (its button opens the file dialog, it takes drops, the keyboard reaches it), while the
 * state machine, react-dropzone, the report and its messages load on the visitor's first move
 * towards it (pointer or focus on the zone, a file dragged into the window, a file chosen). The
 * full uploader then takes over, with the files chosen or dropped meanwhile and the focus.
 */
export function DeferredUploader({ kind }: { kind: UploaderKind }) {
  const intl = useIntl();
  const { messageSet } = useLocale();
  const hydrated = useHydrated();
  const entries = useMemo(() => acceptedEntries(kind), [kind]);
  const [full, setFull] = useState<{
    Uploader: FullUploader;
    handoff: Handoff;
  } | null>(null);
  // Drag enters and leaves counted over the zone and its children, as react-dropzone counts them.
  const [dragging, setDragging] = useState(0);
  const dragDepth = useRef(0);
  const zoneRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // What the visitor did before the full uploader arrived, and whether it may take over now.
  const pending = useRef<Handoff>({});
  const dialogOpen = useRef(false);
  const pressing = useRef(false);
  const loaded = useRef<FullUploader | null>(null);

  const takeOver = () => {
    const Uploader = loaded.current;
    // The light input must stay while its dialog is open (its change event brings the file), and
    // the light zone while a file is pressed or dragged over it (it takes the click or the drop).
    if (
      !Uploader ||
      dialogOpen.current ||
      pressing.current ||
      dragDepth.current > 0
    )
      return;
    const active = document.activeElement;
    const handoff: Handoff = {
      ...pending.current,
      focusSelect:
        active === buttonRef.current ||
        (Boolean(pending.current.files) && active === document.body),
    };
    // In one step, decision and swap: no click, key or drop can land on a zone about to go. The
    // code and messages are loaded, so nothing suspends.
    flushSync(() => setFull({ Uploader, handoff }));
  };

  const load = () => {
    void loadFullUploader(messageSet).then((Uploader) => {
      loaded.current = Uploader;
      takeOver();
    });
  };

  const handOver = (handoff: Handoff) => {
    pending.current = handoff;
    dialogOpen.current = false;
    pressing.current = false;
    load();
  };

  // Listened on the element itself, so a file the light input's dialog brings after the full
  // uploader took over (a browser slow to report it) still reaches it.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const onChange = () => handOver({ files: filesOf(input.files) });
    input.addEventListener('change', onChange);
    return () => input.removeEventListener('change', onChange);
    // Once: `handOver` only reads refs and the message set, stable for the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Files shared to the installed app or opened with it are cleaned at once: one as any chosen
  // file, several as a list.
  useEffect(
    () => onIncomingFiles((files) => handOver({ files, start: true })),
    // Once: `handOver` only reads refs and the message set, stable for the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  useEffect(() => {
    if (full) return;
    // Any file dragged into the window starts the load; a drop beside the zone must not make the
    // browser leave the page to open the file (react-dropzone does the same once it runs).
    const onDragEnter = () => load();
    const onDragOver = (event: globalThis.DragEvent) => event.preventDefault();
    const onDrop = (event: globalThis.DragEvent) => {
      if (!zoneRef.current?.contains(event.target as Node))
        event.preventDefault();
    };
    // A dialog closed without a file: the window gets its focus back and the input stays empty.
    const onFocus = () => {
      if (!dialogOpen.current) return;
      setTimeout(() => {
        if (dialogOpen.current && !inputRef.current?.files?.length)
          handOver({ dialogCancelled: true });
      }, DIALOG_CANCEL_MS);
    };
    document.addEventListener('dragenter', onDragEnter);
    document.addEventListener('dragover', onDragOver);
    document.addEventListener('drop', onDrop);
    window.addEventListener('focus', onFocus);
    return () => {
      document.removeEventListener('dragenter', onDragEnter);
      document.removeEventListener('dragover', onDragOver);
      document.removeEventListener('drop', onDrop);
      window.removeEventListener('focus', onFocus);
    };
    // `load` and `handOver` only read refs and the message set, stable for the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [full]);

  if (full) {
    return (
      <FeatureMessages features={FULL_FEATURES}>
        <full.Uploader kind={kind} handoff={full.handoff} />
      </FeatureMessages>
    );
  }

  const openDialog = (event: MouseEvent) => {
    // A link in the zone's text goes where it points.
    if ((event.target as Element).closest('a')) return;
    const input = inputRef.current;
    if (!input) return;
    // The dialog now holds the swap back; the key or pointer that opened it may never come up here.
    dialogOpen.current = true;
    pressing.current = false;
    input.value = '';
    input.click();
  };

  const countDrag = (change: number) => {
    dragDepth.current = Math.max(0, dragDepth.current + change);
    setDragging(dragDepth.current);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    dragDepth.current = 0;
    setDragging(0);
    handOver({ files: filesOf(event.dataTransfer?.files) });
  };

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  };

  // After the click that may follow, which may open the dialog.
  const release = () => {
    pressing.current = false;
    setTimeout(takeOver, 0);
  };

  // Space clicks a button on key up: the light one must still be there then.
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    if (event.type === 'keydown') pressing.current = true;
    else release();
  };

  return (
    <section
      className="uploader"
      data-state="idle"
      data-ready={hydrated ? 'true' : 'false'}
    >
      <StatusAnnouncer status="idle" file={null} />
      <div
        ref={zoneRef}
        role="presentation"
        className={
          dragging > 0 ? 'uploader-zone uploader-zone-active' : 'uploader-zone'
        }
        data-testid="drop-zone"
        onPointerEnter={load}
        onFocus={load}
        // A press that began on the light zone ends there: the full one takes over after it.
        onPointerDown={() => {
          pressing.current = true;
        }}
        onPointerUp={release}
        onKeyDown={onKey}
        onKeyUp={onKey}
        onPointerCancel={release}
        onPointerLeave={release}
        onClick={openDialog}
        onDragEnter={(event) => {
          event.preventDefault();
          countDrag(1);
        }}
        onDragLeave={() => {
          countDrag(-1);
          takeOver();
        }}
        onDragOver={onDragOver}
        onDrop={onDrop}
      >
        <input
          ref={inputRef}
          accept={acceptAttribute(entries)}
          type="file"
          multiple
          aria-label={intl.formatMessage({ id: 'uploader.zone.input' })}
          style={HIDDEN_INPUT}
          tabIndex={-1}
          onClick={(event) => event.stopPropagation()}
        />
        <ZoneText
          types={intl.formatList(extensionList(entries))}
          typeCount={extensionList(entries).length}
          accepts={entries.length > 0}
          dragging={dragging > 0}
          disabled={false}
          buttonRef={buttonRef}
        />
      </div>
      <FolderButton disabled={false} onFiles={(files) => handOver({ files })} />
    </section>
  );
}
