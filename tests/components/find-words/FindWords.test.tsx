import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Uploader,
  type CleanFn,
} from '../../../src/features/uploader/Uploader';
import type { FindFn } from '../../../src/features/find-words/FindWords';
import type {
  BridgeOutcome,
  FindAnswer,
} from '../../../src/worker-bridge/clean-bridge';
import { dropData, renderWithIntl } from '../uploader/render-with-intl';

const letter = new File(['PK'], 'letter.docx', {
  type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
});
const SUCCESS: BridgeOutcome = {
  ok: true,
  blob: new Blob(['clean']),
  name: 'cleaned_letter.docx',
  format: {
    id: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
  removed: [],
  kept: [],
};
const clean: CleanFn = async () => SUCCESS;

const body = {
  place: 'body-text',
  visible: true,
  where: { part: 'word/document.xml' },
} as const;
const comment = {
  place: 'comment',
  visible: false,
  where: { part: 'word/comments.xml', author: 'Mariana Souza' },
} as const;

const answer = (clean: boolean): FindAnswer => ({
  words: [
    {
      word: 'Mariana Souza',
      before: [body, comment],
      after: clean ? [body] : [body, comment],
    },
  ],
  unsearched: { before: [], after: [] },
  clean,
});

async function cleanedWith(find: FindFn, set: 'pt' | 'ar' | 'en' = 'en') {
  renderWithIntl(<Uploader kind="all" clean={clean} find={find} />, set);
  await act(async () => {
    fireEvent.drop(screen.getByTestId('drop-zone'), dropData([letter]));
  });
  await act(async () => {
    fireEvent.click(
      document.querySelector('.uploader-action') as HTMLButtonElement,
    );
  });
}

async function search(words: string) {
  fireEvent.change(screen.getByTestId('find-input'), {
    target: { value: words },
  });
  await act(async () => {
    fireEvent.submit(screen.getByTestId('find-input').closest('form')!);
  });
}

beforeEach(() => {
  // jsdom has no object URLs; the machine creates one when cleaning is done.
  URL.createObjectURL = vi.fn(() => 'blob:cleaned');
  URL.revokeObjectURL = vi.fn();
});
afterEach(cleanup);

describe('Find my name', () => {
  it('sends the typed words, split at commas, with the original and the copy', async () => {
    const find = vi.fn<FindFn>(async () => answer(true));
    await cleanedWith(find);
    await search(' Mariana Souza , mariana@example.org,, x');
    expect(find).toHaveBeenCalledOnce();
    const request = find.mock.calls[0]![0];
    expect(request.words).toEqual(['Mariana Souza', 'mariana@example.org']);
    expect(request.original).toBe(letter);
    expect(request.copy).toBe((SUCCESS as { blob: Blob }).blob);
  });

  it('answers in a live region: where the name was, that the body keeps it, and why', async () => {
    await cleanedWith(async () => answer(true));
    await search('Mariana Souza');
    const region = screen.getByTestId('find-answer');
    expect(region.getAttribute('role')).toBe('status');
    expect(region.textContent).toContain(
      'the body text (in word/document.xml), visible and a comment (by Mariana Souza, in word/comments.xml), hidden',
    );
    expect(region.textContent).toContain(
      'It is still in the clean copy: the body text (in word/document.xml), visible.',
    );
    expect(region.textContent).toContain('edit the document to remove it');
    expect(screen.getByTestId('download-link')).toBeTruthy();
  });

  it('withdraws the download when a word is left in a hidden place', async () => {
    await cleanedWith(async () => answer(false), 'pt');
    await search('Mariana Souza');
    expect(screen.queryByTestId('download-link')).toBeNull();
    expect(screen.getByTestId('find-withdrawn').textContent).toContain(
      'esta cópia não está limpa',
    );
  });

  it('asks for a longer word instead of searching for nothing', async () => {
    const find = vi.fn<FindFn>(async () => answer(true));
    await cleanedWith(find, 'ar');
    await search('ab');
    expect(find).not.toHaveBeenCalled();
    expect(screen.getByTestId('find-answer').textContent).toContain(
      'ثلاثة أحرف',
    );
  });
});
