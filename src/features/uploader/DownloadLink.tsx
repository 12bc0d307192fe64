import { forwardRef } from 'react';
import { FormattedMessage } from 'react-intl';

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
          values={{ name: <bdi key="name">{name}</bdi> }}
        />
      </span>
    </a>
  );
});
