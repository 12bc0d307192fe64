import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchList } from '../../../src/features/batch/BatchList';
import type { FindFn } from '../../../src/features/find-words/FindWords';
import type { BatchItem } from '../../../src/machines/batch-items';
import type {
  CleanSuccess,
  FindAnswer,
} from '../../../src/worker-bridge/clean-bridge';
import { renderWithIntl } from '../uploader/render-with-intl';

const NAME = 'Mariana Souza';

function cleanedItem(id: number, path: string): BatchItem {
  const result: CleanSuccess = {
    ok: true,
    blob: new Blob([`clean ${path}`]),
    name: `cleaned_${path}`,
    format: {
      id: 'docx',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      extension: 'docx',
    },
    removed: [],
    kept: [],
    crc32: id,
  };
  const file = new File([`original ${path}`], path);
  return { id, path, file, status: 'already-clean', result };
}

/** Three cleaned letters and one file that failed: the search covers the three. */
const ITEMS: BatchItem[] = [
  cleanedItem(1, 'a.docx'),
  cleanedItem(2, 'b.docx'),
  cleanedItem(3, 'c.docx'),
  {
    id: 4,
    path: 'd.docx',
    file: new File(['x'], 'd.docx'),
    status: 'failed',
    errorCode: 'corrupt',
  },
];

const body = {
  place: 'body-text',
  visible: true,
  where: { part: 'word/document.xml' },
} as const;
const comment = {
  place: 'comment',
  visible: false,
  where: { part: 'word/comments.xml', author: NAME },
} as const;

/** The name in the body of `a` (kept, visible), in a comment of `b` left by the cleaner, absent from `c`. */
function answerFor(copyName: string): FindAnswer {
  const hits: Record<string, [FindAnswer['words'][0], boolean]> = {
    'cleaned_a.docx': [
      { word: NAME, before: [body, comment], after: [body] },
      true,
    ],
    'cleaned_b.docx': [
      { word: NAME, before: [comment], after: [comment] },
      false,
    ],
    'cleaned_c.docx': [{ word: NAME, before: [], after: [] }, true],
  };
  const [word, clean] = hits[copyName]!;
  return { words: [word], unsearched: { before: [], after: [] }, clean };
}

const answering: FindFn = async ({ copyName }) => answerFor(copyName);

function renderList(find: FindFn, set: 'en' | 'pt' | 'ar' = 'en') {
  return renderWithIntl(
    <BatchList
      items={ITEMS}
      phase="finished"
      progress={0}
      onStart={() => {}}
      onCancel={() => {}}
      find={find}
    />,
    set,
  );
}

async function search(words: string) {
  const input = await screen.findByTestId('find-input');
  fireEvent.change(input, { target: { value: words } });
  await act(async () => {
    fireEvent.submit(input.closest('form')!);
  });
}

const rowOf = (path: string) =>
  [...document.querySelectorAll('.batch-item')].find((li) =>
    li.textContent?.includes(path),
  ) as HTMLElement;

let saved: Blob[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:saved';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Find my name over a batch', () => {
  it('searches each cleaned file once, in order, with the words typed once', async () => {
    const find = vi.fn<FindFn>(answering);
    renderList(find);
    await search(`${NAME}, mariana@example.org`);
    await screen.findByText(/Found in 2 of 3 files/);
    expect(find.mock.calls.map(([r]) => r.copyName)).toEqual([
      'cleaned_a.docx',
      'cleaned_b.docx',
      'cleaned_c.docx',
    ]);
    const [request, signal] = find.mock.calls[0]!;
    expect(request.words).toEqual([NAME, 'mariana@example.org']);
    expect(request.original).toBe(ITEMS[0]!.file);
    expect(request.copy).toBe(ITEMS[0]!.result!.blob);
    expect(signal).toBeInstanceOf(AbortSignal);
  });

  it('reads a summary in a live region and each file’s answer below it', async () => {
    renderList(answering);
    await search(NAME);
    const region = await screen.findByTestId('find-answer');
    expect(region.getAttribute('role')).toBe('status');
    await vi.waitFor(() =>
      expect(region.textContent).toContain('Found in 2 of 3 files.'),
    );
    expect(region.textContent).toContain('1 copy keeps a word');
    const files = screen.getByTestId('find-files');
    expect(files.querySelectorAll(':scope > li')).toHaveLength(2);
    expect(files.textContent).toContain('a.docx');
    expect(files.textContent).toContain(
      'It is still in the clean copy: the body text (in word/document.xml), visible.',
    );
    expect(files.textContent).toContain('left out of the ZIP of all files');
    expect(document.body.textContent).toContain(
      'None of the words is in the other file.',
    );
  });

  it('withdraws a copy with a hidden hit: no download in its row, and left out of the ZIP', async () => {
    renderList(answering);
    await search(NAME);
    await screen.findByText(/Found in 2 of 3 files/);
    const b = rowOf('b.docx');
    expect(b.querySelector('.batch-download')).toBeNull();
    expect(b.textContent).toContain('Not offered');
    expect(rowOf('a.docx').querySelector('.batch-download')).not.toBeNull();
    expect(screen.getByTestId('batch-left-out').textContent).toContain(
      '1 copy is left out of the ZIP of all files',
    );
    const zip = screen.getByTestId('batch-zip');
    expect(zip.textContent).toContain('(2)');
    fireEvent.click(zip);
    const members = Object.keys(
      unzipSync(new Uint8Array(await saved[0]!.arrayBuffer())),
    );
    expect(members).toEqual(['cleaned_a.docx', 'cleaned_c.docx']);
  });

  it('keeps a withdrawn copy withdrawn when a later search finds nothing', async () => {
    const find = vi.fn<FindFn>(answering);
    renderList(find);
    await search(NAME);
    await screen.findByText(/Found in 2 of 3 files/);
    find.mockImplementation(async () => ({
      words: [{ word: 'elsewhere', before: [], after: [] }],
      unsearched: { before: [], after: [] },
      clean: true,
    }));
    await search('elsewhere');
    await screen.findByText(/Found in 0 of 3 files/);
    expect(rowOf('b.docx').querySelector('.batch-download')).toBeNull();
  });

  it('stops at the stop button: the running search is aborted, the rest not started, focus back on the words', async () => {
    const signals: AbortSignal[] = [];
    const find = vi.fn<FindFn>((request, signal) => {
      signals.push(signal!);
      if (request.copyName === 'cleaned_a.docx')
        return Promise.resolve(answerFor(request.copyName));
      // The bridge resolves null when the worker is terminated on abort.
      return new Promise((resolve) =>
        signal!.addEventListener('abort', () => resolve(null)),
      );
    });
    renderList(find);
    await search(NAME);
    const stop = await screen.findByRole('button', { name: 'Stop the search' });
    await vi.waitFor(() => expect(find).toHaveBeenCalledTimes(2));
    stop.focus();
    await act(async () => {
      fireEvent.click(stop);
    });
    expect(signals[1]!.aborted).toBe(true);
    expect(screen.getByTestId('find-answer').textContent).toContain(
      'Search stopped after 1 of 3 files: found in 1.',
    );
    expect(find).toHaveBeenCalledTimes(2);
    expect(
      screen.queryByRole('button', { name: 'Stop the search' }),
    ).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('find-input'));
  });

  it('says so when a file could not be searched, and keeps its download', async () => {
    renderList(async ({ copyName }) =>
      copyName === 'cleaned_c.docx' ? null : answerFor(copyName),
    );
    await search(NAME);
    await screen.findByText(/1 file could not be searched/);
    expect(rowOf('c.docx').querySelector('.batch-download')).not.toBeNull();
  });

  it('answers in Arabic, and asks for a longer word instead of searching for nothing', async () => {
    const find = vi.fn<FindFn>(answering);
    renderList(find, 'ar');
    await search('ab');
    expect(find).not.toHaveBeenCalled();
    expect(screen.getByTestId('find-answer').textContent).toContain(
      'ثلاثة أحرف',
    );
    await search(NAME);
    await vi.waitFor(() =>
      expect(screen.getByTestId('find-answer').textContent).toContain(
        'وُجدت في 2 من 3 ملفات',
      ),
    );
  });

  it('keeps what was typed out of storage', async () => {
    renderList(answering, 'pt');
    await search(NAME);
    await screen.findByText(/Encontrado em 2 de 3 arquivos/);
    expect(
      JSON.stringify({ ...localStorage, ...sessionStorage }),
    ).not.toContain('Mariana');
  });
});
