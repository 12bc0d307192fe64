import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageLink } from '../../site/PageLink';
import { useLimitFormat } from '../../components/use-file-limit';
import { limitForFile, type UploaderKind } from '../../catalog/accepted-types';
import { refusedKind } from './file-kind';
import { entryForFile, pageForFile } from './page-for-file';
import type { Rejection } from './rejections';
import { useFormatSize } from './use-format-size';

const linkTo = (page: Parameters<typeof PageLink>[0]['page']) =>
  function LinkChunk(chunks: ReactNode[]) {
    return <PageLink page={page}>{chunks}</PageLink>;
  };

/** What to do with a file of the wrong type: the page that takes it, as a link. */
function WrongType({
  rejection,
  kind,
  types,
}: {
  rejection: Rejection;
  kind: UploaderKind;
  types: string;
}) {
  const intl = useIntl();
  const entry = entryForFile(rejection.name, rejection.type);
  const page = pageForFile(entry, kind);
  if (!types) {
    return (
      <FormattedMessage
        id="uploader.zone.none"
        values={{ link: linkTo('tool') }}
      />
    );
  }
  if (!entry) {
    const refused = refusedKind(rejection.name, rejection.type);
    return (
      <>
        <FormattedMessage
          id={
            refused
              ? `uploader.reject.kind.${refused}`
              : 'uploader.reject.unknown-type'
          }
          values={{ name: <bdi key="name">{rejection.name}</bdi> }}
        />
        {kind !== 'all' && (
          <>
            {' '}
            <FormattedMessage
              id="uploader.reject.see-types"
              values={{ link: linkTo('tool') }}
            />
          </>
        )}
      </>
    );
  }
  return (
    <>
      <FormattedMessage
        id="uploader.reject.file-invalid-type"
        values={{ name: <bdi key="name">{rejection.name}</bdi>, types }}
      />
      {page === 'tool' && (
        <>
          {' '}
          <FormattedMessage
            id="uploader.reject.general"
            values={{ link: linkTo('tool') }}
          />
        </>
      )}
      {page && page !== 'tool' && (
        <>
          {' '}
          <FormattedMessage
            id="uploader.reject.elsewhere"
            values={{
              link: linkTo(page),
              page: intl.formatMessage({ id: `remover.${page}.name` }),
            }}
          />
        </>
      )}
    </>
  );
}

/** Why a drop was refused, in the visitor's language, and where to go instead. */
export function RejectionMessage({
  rejection,
  kind,
  types,
}: {
  rejection: Rejection;
  kind: UploaderKind;
  types: string;
}) {
  const formatSize = useFormatSize();
  const formatLimit = useLimitFormat();
  const size = formatSize(rejection.size);
  const limit = formatLimit(limitForFile(rejection));
  return (
    <p className="uploader-rejection" role="alert">
      {rejection.code === 'file-invalid-type' ? (
        <WrongType rejection={rejection} kind={kind} types={types} />
      ) : (
        <FormattedMessage
          id={`uploader.reject.${rejection.code}`}
          values={{
            name: <bdi key="name">{rejection.name}</bdi>,
            size,
            // A file a little over the limit rounds to the limit: "is 1 GB; the limit is 1 GB"
            // would read as a contradiction, so the sentence then leaves the size out.
            sized: size === limit ? 'no' : 'yes',
            limit,
            types,
          }}
        />
      )}
    </p>
  );
}
