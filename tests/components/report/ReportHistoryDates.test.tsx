/**
 * A step of an XMP editing history (xmpMM:History) reads its date as every other date of the
 * report does, in the visitor's calendar words ("saved, Adobe Photoshop, on March 4, 2020 at
 * 5:06 AM"), in the seven message sets and in the terminal; never the raw ISO 8601 text. Its
 * action reads in the visitor's words when XMP Part 2 lists it ("gespeichert", "حفظ"); any other
 * action is the file's own word, quoted as written, and a step with no action names its app alone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_SETS, type MessageSet } from '../../../i18n/locales';
import { findingLines } from '../../../cli/report-words';
import { Report } from '../../../src/features/report/Report';
import {
  formatDate,
  formatValue,
  parseDate,
} from '../../../src/features/report/values';
import { clean, type Finding } from '../../../workers/engine/index';
import { exiftoolTags } from '../../helpers/exiftool';
import { drawImage } from '../../helpers/image-fixtures';
import { exiftoolWrite, tempDir } from '../../helpers/image-tools';
import {
  langOf,
  messagesOf,
  renderWithIntl,
} from '../uploader/render-with-intl';
import { JPEG, result } from './fixtures';

afterEach(cleanup);

const WHEN = '2020-03-04T05:06:07+01:00';
/** "saved" (stEvt:action) in each set's words. */
const SAVED: Record<MessageSet, string> = {
  en: 'saved',
  'en-GB': 'saved',
  de: 'gespeichert',
  'de-CH': 'gespeichert',
  it: 'salvato',
  pt: 'salvo',
  ar: 'حفظ',
};

const APP = 'CANARY_HISTORY_APP';
/** An action XMP Part 2 does not list, quoted as each set quotes a word. */
const QUOTED: Record<MessageSet, string> = {
  en: '“CANARY_ACTION”',
  'en-GB': '“CANARY_ACTION”',
  de: '„CANARY_ACTION“',
  'de-CH': '„CANARY_ACTION“',
  it: '«CANARY_ACTION»',
  pt: '“CANARY_ACTION”',
  ar: '«CANARY_ACTION»',
};

let removed: readonly Finding[];
let path: string;
beforeAll(async () => {
  path = drawImage(join(tempDir('xmp-history'), 'photo.jpg'));
  exiftoolWrite(path, [
    '-XMP-xmpMM:HistoryAction=saved',
    `-XMP-xmpMM:HistoryWhen=${WHEN}`,
    `-XMP-xmpMM:HistorySoftwareAgent=${APP}`,
  ]);
  const out = await clean(new Blob([readFileSync(path)]), {
    name: 'photo.jpg',
  });
  removed = out.removed;
});

/** The value cells of the editing history rows, as their text. */
const historyValues = (label: string) =>
  [...document.querySelectorAll('.report-row')]
    .filter((row) => row.querySelector('dt')?.textContent === label)
    .map((row) => row.querySelector('.report-value')?.textContent ?? '');

describe('an XMP history step', () => {
  it('is in the photo, as exiftool reads it', () => {
    const tags = exiftoolTags(path);
    expect(tags['XMP-xmpMM:HistoryAction']).toBe('saved');
    expect(tags['XMP-xmpMM:HistoryWhen']).toBe('2020:03:04 05:06:07+01:00');
    expect(tags['XMP-xmpMM:HistorySoftwareAgent']).toBe(APP);
  });

  it.each(MESSAGE_SETS)('reads its date in calendar words in %s', (set) => {
    const messages = messagesOf(set);
    renderWithIntl(
      <Report
        result={result(JPEG, [...removed])}
        fileName="photo.jpg"
        downloadName="cleaned_photo.jpg"
      />,
      set,
    );
    const date = formatDate(
      createIntl({ locale: langOf(set), messages }),
      parseDate(WHEN)!,
    );
    const values = historyValues(messages['report.field.history']!);
    expect(values).toHaveLength(1);
    expect(values[0]).toContain(APP);
    expect(values[0]).toContain(date);
    expect(values[0]).not.toContain('2020-03-04');
  });

  it.each(Object.entries(SAVED))(
    'reads its action in the words of %s',
    (set, saved) => {
      const messages = messagesOf(set as MessageSet);
      renderWithIntl(
        <Report
          result={result(JPEG, [...removed])}
          fileName="photo.jpg"
          downloadName="cleaned_photo.jpg"
        />,
        set as MessageSet,
      );
      const values = historyValues(messages['report.field.history']!);
      expect(values[0]?.startsWith(`${saved}, ${APP}`)).toBe(true);
    },
  );

  it.each(Object.entries(QUOTED))(
    'quotes an action XMP does not list, as written, in %s',
    (set, quoted) => {
      const intl = createIntl({
        locale: langOf(set as MessageSet),
        messages: messagesOf(set as MessageSet),
      });
      const shown = formatValue(
        intl,
        'history.event',
        `${WHEN}, CANARY_ACTION, ${APP}`,
      );
      expect(shown).toContain(`${quoted}, ${APP}`);
    },
  );

  it('reads the app of a step with no action as the app, unquoted', async () => {
    const bare = drawImage(join(tempDir('xmp-history-bare'), 'photo.jpg'));
    exiftoolWrite(bare, [
      `-XMP-xmpMM:HistoryWhen=${WHEN}`,
      `-XMP-xmpMM:HistorySoftwareAgent=${APP}`,
    ]);
    const tags = exiftoolTags(bare);
    expect(tags['XMP-xmpMM:HistorySoftwareAgent']).toBe(APP);
    expect(tags['XMP-xmpMM:HistoryAction']).toBeUndefined();
    const out = await clean(new Blob([readFileSync(bare)]), {
      name: 'photo.jpg',
    });
    const lines = findingLines(out.removed, 'image').join('\n');
    expect(lines).toContain(
      `Editing history: ${APP}, on March 4, 2020 at 5:06 AM`,
    );
    expect(lines).not.toContain(`“${APP}”`);
  });

  it('reads its date in words in the terminal', () => {
    const lines = findingLines(removed, 'image').join('\n');
    expect(lines).toContain(
      `Editing history: saved, ${APP}, on March 4, 2020 at 5:06 AM`,
    );
    expect(lines).not.toContain('2020-03-04');
  });
});
