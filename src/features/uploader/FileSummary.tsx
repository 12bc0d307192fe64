import { FormattedMessage } from 'react-intl';
import type { Sniffed } from '../../../workers/engine/index';
import { itemKindOf } from '../../../workers/engine/format-catalog';
import { useFormatSize } from './use-format-size';

/** Longer than this, the end of a name is no extension a person would read as a type. */
const MAX_EXTENSION_CHARS = 10;

/** The end of a file's name after its last dot (`jpg`), or `null` when it has none. */
function extensionOf(name: string): string | null {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1) : '';
  return extension && extension.length <= MAX_EXTENSION_CHARS
    ? extension
    : null;
}

/**
 * The chosen file: its name, its size in KB or MB, and its type. The type is said as people say
 * it ("HEIC photo") once the engine has read the file's bytes; until then, or when its bytes are no
 * kind the engine reads, only what its name says ("file ending in .jpg"): a text file named
 * `.jpg` is no JPEG photo.
 */
export function FileSummary({
  file,
  format,
}: {
  file: File;
  /** What the engine found the file to be, from its bytes. */
  format?: Sniffed;
}) {
  const formatSize = useFormatSize();
  const extension = format ? null : extensionOf(file.name);
  return (
    <p className="uploader-file" data-testid="selected-file">
      <span className="uploader-file-name" dir="auto">
        {file.name}
      </span>
      <span className="uploader-file-meta">
        {formatSize(file.size)}
        {format && (
          <>
            {' · '}
            <FormattedMessage
              id="uploader.type"
              values={{
                kind: itemKindOf(format.id),
                format: format.id.toUpperCase(),
              }}
            />
          </>
        )}
        {extension && (
          <>
            {' · '}
            <FormattedMessage
              id="uploader.type-named"
              values={{ extension: <bdi>{`.${extension}`}</bdi> }}
            />
          </>
        )}
      </span>
    </p>
  );
}
