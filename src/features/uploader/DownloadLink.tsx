import { forwardRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** Where a file name may break: after a separator, never inside a word. */
const SAFE_BREAK = /(?<=[_.-])/;

/** The name with break opportunities after `_`, `.` and `-` only (`cleaned_` stays whole). */
export function breakableName(name: string): ReactNode[] {
  return name
    .split(SAFE_BREAK)
    .flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]));
}

/** The link that saves the cleaned copy; the machine owns the object URL's lifetime. */
export const DownloadLink = forwardRef<
  HTMLAnchorElement,
  { url: string; name: string }
>(function DownloadLink({ url, name }, ref) {
  return (
    <a
      ref={ref}
      className="uploader-button uploader-download"
      href={url}
      download={name}
      data-testid="download-link"
    >
      {/* One flex item: a flex container would drop the space before the name. */}
      <span>
        <FormattedMessage
          id="uploader.download"
          values={{
            name: (
              <bdi key="name" className="uploader-file-name">
                {breakableName(name)}
              </bdi>
            ),
          }}
        />
      </span>
    </a>
  );
});
