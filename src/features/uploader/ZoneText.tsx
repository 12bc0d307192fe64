import type { ReactNode, Ref } from 'react';
import { FormattedMessage } from 'react-intl';
import { PageLink } from '../../app/PageLink';
import { useFileLimits } from '../../components/use-file-limit';

interface ZoneTextProps {
  /** The accepted extensions as the visitor reads them, already joined as a list. */
  readonly types: string;
  /** False when the page cannot clean any type yet. */
  readonly accepts: boolean;
  /** A file is being dragged over the zone. */
  readonly dragging: boolean;
  readonly disabled: boolean;
  readonly buttonRef?: Ref<HTMLButtonElement>;
  /** Why the last file was refused: right under the button, before the long list of types. */
  readonly notice?: ReactNode;
}

/**
 * What the drop zone says and its "Select file" button, the same in the light zone a tool page
 * shows first and in the full one that replaces it, so the swap changes nothing on screen.
 */
export function ZoneText({
  types,
  accepts,
  dragging,
  disabled,
  buttonRef,
  notice,
}: ZoneTextProps) {
  const { media, documents } = useFileLimits();
  return (
    <>
      <p className="uploader-prompt" aria-hidden="true">
        <FormattedMessage
          id={dragging ? 'uploader.zone.release' : 'uploader.zone.prompt'}
        />
      </p>
      <button
        ref={buttonRef}
        type="button"
        className="uploader-button"
        disabled={disabled}
      >
        <FormattedMessage id="uploader.zone.select" />
      </button>
      {notice}
      <p className="uploader-hint">
        <FormattedMessage
          id={accepts ? 'uploader.zone.accepted' : 'uploader.zone.none'}
          values={{
            types,
            media,
            documents,
            link: (chunks: ReactNode[]) => (
              <PageLink page="tool">{chunks}</PageLink>
            ),
          }}
        />
      </p>
    </>
  );
}
