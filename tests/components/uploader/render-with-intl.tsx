import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { LOCALES, type MessageSet } from '../../../i18n/locales';
import { dataTransferOf } from '../../../src/features/uploader/handoff';

const FILES = import.meta.glob<Record<string, string>>(
  '../../../i18n/messages/*/*.json',
  { eager: true, import: 'default' },
);

/** Every feature's messages of one set, merged as the app merges them (Portuguese fills gaps). */
export function messagesOf(set: MessageSet): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const want of ['pt', set]) {
    for (const [path, messages] of Object.entries(FILES)) {
      if (path.endsWith(`/${want}.json`)) Object.assign(merged, messages);
    }
  }
  return merged;
}

/** The `<html lang>` of the first variant that reads `set`. */
export function langOf(set: MessageSet): string {
  return Object.values(LOCALES).find((l) => l.messageSet === set)!.lang;
}

/** Renders with react-intl and every feature's messages in one set. */
export function renderWithIntl(ui: ReactElement, set: MessageSet = 'en') {
  return render(
    <IntlProvider locale={langOf(set)} messages={messagesOf(set)}>
      {ui}
    </IntlProvider>,
  );
}

/** What a browser hands react-dropzone on a drop of these files. */
export function dropData(files: File[]) {
  return { dataTransfer: dataTransferOf(files) };
}

/** A File whose reported size is `size` without allocating it. */
export function sizedFile(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
