import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import ar from '../../../i18n/messages/uploader/ar.json';
import de from '../../../i18n/messages/uploader/de.json';
import en from '../../../i18n/messages/uploader/en.json';
import pt from '../../../i18n/messages/uploader/pt.json';

const SETS = { en, pt, de, ar } as const;

/** Renders with react-intl and the uploader's own messages in one language. */
export function renderWithIntl(
  ui: ReactElement,
  locale: keyof typeof SETS = 'en',
) {
  return render(
    <IntlProvider locale={locale} messages={SETS[locale]}>
      {ui}
    </IntlProvider>,
  );
}

/** What a browser hands react-dropzone on a drop of these files. */
export function dropData(files: File[]) {
  return {
    dataTransfer: {
      files,
      items: files.map((file) => ({
        kind: 'file',
        type: file.type,
        getAsFile: () => file,
      })),
      types: ['Files'],
    },
  };
}

/** A File whose reported size is `size` without allocating it. */
export function sizedFile(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
