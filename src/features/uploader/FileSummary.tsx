import { FormattedMessage } from 'react-intl';
import { entryForFile } from './page-for-file';
import { useFormatSize } from './use-format-size';

/** The chosen file: its name, its size in KB or MB, and its type as people say it ("HEIC photo"). */
export function FileSummary({ file }: { file: File }) {
  const formatSize = useFormatSize();
  const entry = entryForFile(file.name, file.type);
  return (
    <p className="uploader-file" data-testid="selected-file">
      <span className="uploader-file-name" dir="auto">
        {file.name}
      </span>
      <span className="uploader-file-meta">
        {formatSize(file.size)}
        {entry && (
          <>
            {' · '}
            <FormattedMessage
              id="uploader.type"
              values={{ kind: entry.kind, format: entry.id.toUpperCase() }}
            />
          </>
        )}
      </span>
    </p>
  );
}
