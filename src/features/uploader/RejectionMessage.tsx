import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageLink } from '../../app/PageLink';
import { useLimitFormat } from '../../components/use-file-limit';
import { limitForFile, type UploaderKind } from './accepted-types';
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
          values={{ name: rejection.name }}
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
        values={{ name: rejection.name, types }}
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
  return (
    <p className="uploader-rejection" role="alert">
      {rejection.code === 'file-invalid-type' ? (
        <WrongType rejection={rejection} kind={kind} types={types} />
      ) : (
        <FormattedMessage
          id={`uploader.reject.${rejection.code}`}
          values={{
            name: rejection.name,
            size: formatSize(rejection.size),
            limit: formatLimit(limitForFile(rejection)),
            types,
          }}
        />
      )}
    </p>
  );
}
