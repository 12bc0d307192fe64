import type { MouseEvent, ReactNode, Ref } from 'react';
import { FormattedMessage } from 'react-intl';
import { PageLink } from '../../site/PageLink';
import { useFileLimits } from '../../components/use-file-limit';

interface ZoneTextProps {
  /** The accepted extensions as the visitor reads them, already joined as a list. */
  readonly types: string;
  /** How many extensions `types` lists. */
  readonly typeCount: number;
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
 * Past this many extensions (the general page, which takes every format, lists over 70; a family
 * page at most about 35) the list folds into a disclosure under the sentence, so a refusal and
 * the limits stay in view on a phone.
 */
export const TYPES_SHOWN_OPEN = 40;

/** The zone opens the file dialog on a click: opening the list must not. */
const keepFromZone = (event: MouseEvent) => event.stopPropagation();

/**
 * What the drop zone says and its "Select file" button, the same in the light zone a tool page
 * shows first and in the full one that replaces it, so the swap changes nothing on screen.
 */
export function ZoneText({
  types,
  typeCount,
  accepts,
  dragging,
  disabled,
  buttonRef,
  notice,
}: ZoneTextProps) {
  const { media, documents } = useFileLimits();
  const folded = typeCount > TYPES_SHOWN_OPEN;
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
            types: folded ? (
              <FormattedMessage
                id="uploader.zone.type-count"
                values={{ count: typeCount }}
              />
            ) : (
              types
            ),
            media,
            documents,
            link: (chunks: ReactNode[]) => (
              <PageLink page="tool">{chunks}</PageLink>
            ),
          }}
        />
      </p>
      {folded && (
        <details className="uploader-types">
          <summary onClick={keepFromZone}>
            <FormattedMessage id="uploader.zone.types-show" />
          </summary>
          <p>{types}</p>
        </details>
      )}
    </>
  );
}
