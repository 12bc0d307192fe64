import { cleanup, fireEvent } from '@testing-library/react';
import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_SETS, type MessageSet } from '../../../i18n/locales';
import { Report } from '../../../src/features/report/Report';
import { ReportSummary } from '../../../src/features/report/ReportSummary';
import type { CleanSuccess } from '../../../src/worker-bridge/clean-bridge';
import { cleanPlan, isEngineError } from '../../../workers/engine';
import { FIELDS } from '../../../workers/engine/fields';
import {
  CATEGORY_ORDER,
  KEEP_REASON_ORDER,
} from '../../../src/features/report/groups';
import { canaryFixtures } from '../../helpers/canary-fixtures';
import { documentCanaryFixtures } from '../../helpers/document-canary-fixtures';
import { messageIds, messageIdsIn } from '../../helpers/message-ids';
import { canaryEmf, canaryWmf } from '../../helpers/metafile-fixtures';
import { gpsJpeg, syntheticDocx } from '../../helpers/office-fixtures';
import { attachmentsPdf } from '../../helpers/pdf-attachment-fixtures';
import { blobOf, tempDir } from '../../helpers/video-tools';
import { renderWithIntl } from '../uploader/render-with-intl';

/**
 * The report's words on files the engine really cleaned: generated files of every format (the
 * canary seeds, documents with photos and documents inside, metafiles, a PDF with attachments, a
 * zip archive), each rendered in every message set with every row opened. No row may show an
 * empty label, a message id, a field id or ICU syntax, and a finding that belongs to a file
 * inside this one says whose it is.
 */

const FIELD_IDS = new Set(Object.keys(FIELDS));
/** ICU left unformatted: a select or plural, or a placeholder the message did not fill. */
const ICU = /\{\s*\w+\s*(?:,|\})/;

/** Files whose findings reach inside: photos in documents, documents in documents and archives. */
function nestedFixtures(dir: string): [string, Uint8Array][] {
  const photo = gpsJpeg(dir, 'nested-photo.jpg');
  const docx = syntheticDocx({ jpeg: photo, inner: syntheticDocx() });
  return [
    ['docx with a photo and a docx inside', docx],
    ['emf with a png inside', new Uint8Array(canaryEmf())],
    ['wmf', new Uint8Array(canaryWmf())],
    ['pdf with attachments', attachmentsPdf()],
    [
      'zip of a photo and a docx',
      zipSync({ 'trip/photo.jpg': photo, 'letters/cv.docx': docx }),
    ],
  ];
}

const cleaned: [string, CleanSuccess][] = [];

beforeAll(async () => {
  const dir = tempDir('report-words');
  const files = [
    ...canaryFixtures(),
    ...documentCanaryFixtures(dir),
    ...nestedFixtures(dir),
  ];
  for (const [name, bytes] of files) {
    try {
      const { format, removed, kept } = await cleanPlan(blobOf(bytes));
      cleaned.push([
        name,
        { ok: true, blob: new Blob(['x']), name, format, removed, kept },
      ]);
    } catch (error) {
      // A seed the engine refuses (by design) has no report to read.
      if (!isEngineError(error)) throw error;
    }
  }
}, 300_000);

/** Renders the summary and the report with every category's rows opened. */
function renderOpened(r: CleanSuccess, set: MessageSet): HTMLElement {
  const { container } = renderWithIntl(
    <>
      <ReportSummary result={r} />
      <Report
        result={r}
        fileName={`file.${r.format.extension}`}
        downloadName="x"
      />
    </>,
    set,
  );
  for (const more of container.querySelectorAll('.report-more-button'))
    fireEvent.click(more);
  return container;
}

/** What a visitor reads without opening the technical details. */
function visibleText(container: HTMLElement): string {
  const copy = container.cloneNode(true) as HTMLElement;
  for (const details of copy.querySelectorAll('details')) details.remove();
  return copy.textContent ?? '';
}

const textsOf = (container: HTMLElement, selector: string) =>
  [...container.querySelectorAll(selector)].map((e) => e.textContent ?? '');

describe.each(MESSAGE_SETS)('the report of cleaned files in %s', (set) => {
  it('labels every row in words, never with an id or ICU syntax', () => {
    expect(cleaned.length).toBeGreaterThan(20);
    for (const [name, r] of cleaned) {
      const container = renderOpened(r, set);
      const labels = textsOf(container, '.report-label');
      if (r.removed.length)
        expect(labels.length, `${name}: rows`).toBeGreaterThan(0);
      for (const label of labels) {
        expect(label.trim(), `${name}: a label`).not.toBe('');
        expect(messageIds().has(label), `${name}: ${label}`).toBe(false);
      }
      for (const reason of textsOf(container, '[data-kept]'))
        expect(messageIds().has(reason), `${name}: ${reason}`).toBe(false);
      const text = visibleText(container);
      expect(messageIdsIn(text), name).toEqual([]);
      expect(text, name).not.toMatch(ICU);
      const words = text.split(/[\s,;:()]+/);
      expect(
        words.filter((w) => FIELD_IDS.has(w)),
        `${name}: field ids`,
      ).toEqual([]);
      cleanup();
    }
  });

  it('says which file inside a document or archive each of its findings belongs to', () => {
    const nested = cleaned.filter(([, r]) => r.removed.some((f) => f.item));
    expect(nested.length).toBeGreaterThan(2);
    for (const [name, r] of nested) {
      const container = renderOpened(r, set);
      const owners = new Set(textsOf(container, '.report-item bdi'));
      for (const f of r.removed)
        if (f.item)
          expect(owners, `${name}: ${f.item.name}`).toContain(f.item.name);
      cleanup();
    }
  });
});

const FILES = import.meta.glob<Record<string, string>>(
  '../../../i18n/messages/*/*.json',
  { eager: true, import: 'default' },
);

/** Every feature's messages of one set alone, without the Portuguese that fills gaps. */
function rawSet(set: MessageSet): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [path, messages] of Object.entries(FILES))
    if (path.endsWith(`/${set}.json`)) Object.assign(merged, messages);
  return merged;
}

describe.each(MESSAGE_SETS)('the words of every field in %s', (set) => {
  it('has a label for every field id, category and reason to keep', () => {
    // Every field the engine may report, also those no generated file above produces.
    const messages = rawSet(set);
    const ids = [
      ...new Set(Object.values(FIELDS).map((f) => `report.field.${f.label}`)),
      ...CATEGORY_ORDER.map((c) => `report.category.${c}`),
      ...KEEP_REASON_ORDER.map((r) => `report.kept.${r}`),
    ];
    for (const id of ids) expect(messages[id]?.trim(), id).toBeTruthy();
  });
});
