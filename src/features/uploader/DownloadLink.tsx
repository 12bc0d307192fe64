import { FormattedMessage } from 'react-intl';

/** The link that saves the cleaned copy; the machine owns the object URL's lifetime. */
export function DownloadLink({ url, name }: { url: string; name: string }) {
  return (
    <a className="uploader-button uploader-download" href={url} download={name}>
      <FormattedMessage id="uploader.download" values={{ name }} />
    </a>
  );
}
