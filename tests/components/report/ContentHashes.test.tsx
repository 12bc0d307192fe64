import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ContentHashes,
  type CompareContent,
} from '../../../src/features/report/ContentHashes';
import type { ContentComparison } from '../../../src/worker-bridge/clean-bridge';
import { renderWithIntl } from '../uploader/render-with-intl';

afterEach(cleanup);

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

const hash = (sha256: string, bytes = 2048) => ({
  kind: 'page-content' as const,
  key: 'page 1',
  page: 1,
  bytes,
  sha256,
});

const COMPARISON: ContentComparison = {
  identical: false,
  parts: [
    {
      kind: 'page-content',
      key: 'page 1',
      page: 1,
      original: hash(A),
      copy: hash(A),
      identical: true,
    },
    {
      kind: 'document-part',
      key: 'word/document.xml',
      name: 'word/document.xml',
      original: { ...hash(A), kind: 'document-part', key: 'word/document.xml' },
      copy: { ...hash(B), kind: 'document-part', key: 'word/document.xml' },
      identical: false,
    },
  ],
};

const answer =
  (comparison: ContentComparison): CompareContent =>
  () =>
    Promise.resolve({ ok: true, comparison });

function show(compare: CompareContent, set: 'en' | 'ar' = 'en') {
  return renderWithIntl(
    <ContentHashes
      original={new Blob(['a'])}
      copy={new Blob(['b'])}
      compare={compare}
    />,
    set,
  );
}

describe('ContentHashes', () => {
  it('names each part with both hashes, says identical only where they are equal, and announces the count', async () => {
    show(answer(COMPARISON));
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Computing the hashes…');
    expect(
      await screen.findByText('1 part is not identical in the copy.'),
    ).toBe(status);
    const region = screen.getByRole('region', {
      name: 'Content kept byte for byte',
    });
    const items = within(region).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Content of page 1');
    expect(items[0]!.querySelector('[data-verdict]')!.textContent).toBe(
      'Identical',
    );
    expect(items[1]!.textContent).toContain('Document part word/document.xml');
    expect(items[1]!.querySelector('[data-verdict]')!.textContent).toBe(
      'Different',
    );
    const codes = [...items[1]!.querySelectorAll('code')];
    expect(codes.map((c) => [c.textContent, c.getAttribute('dir')])).toEqual([
      [A, 'ltr'],
      [B, 'ltr'],
    ]);
  });

  it('claims nothing for a file whose content is not located', async () => {
    show(answer({ parts: [], identical: false, error: 'unsupported' }));
    expect(
      await screen.findByText(/make no claim that it is identical/),
    ).toBeTruthy();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it("names an archive member's part after the member", async () => {
    const part = {
      kind: 'image-data' as const,
      key: 'trip/photo.jpg: image-data',
      member: 'trip/photo.jpg',
    };
    show(
      answer({
        identical: true,
        parts: [
          {
            ...part,
            original: { ...part, bytes: 4096, sha256: A },
            copy: { ...part, bytes: 4096, sha256: A },
            identical: true,
          },
        ],
      }),
    );
    expect(await screen.findByText('The part is identical.')).toBeTruthy();
    const name = screen.getByText('trip/photo.jpg');
    expect(name.tagName).toBe('BDI');
    expect(name.parentElement!.textContent).toBe(
      'trip/photo.jpg: Image data (4\u00a0KB)',
    );
  });

  it('says why an SVG has no hashes', async () => {
    show(
      answer({
        parts: [],
        identical: false,
        error: 'unsupported',
        reason: 'edited-text',
      }),
    );
    expect(
      await screen.findByText(/no part kept whole that we could locate/),
    ).toBeTruthy();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('reads in Arabic with the hashes and file names kept left to right', async () => {
    show(answer(COMPARISON), 'ar');
    expect(await screen.findByText('المحتوى المحفوظ بايتًا بايتًا')).toBeTruthy();
    const name = await screen.findByText('word/document.xml');
    expect(name.tagName).toBe('BDI');
    expect(name.getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('مختلف')).toBeTruthy();
  });
  it("names a movie's tracks by their handler and number", async () => {
    const track = (n: number, name: string, copy: string) => {
      const part = {
        kind: 'track-data' as const,
        key: `track ${n}`,
        track: n,
        name,
      };
      return {
        ...part,
        original: { ...part, bytes: 4096, sha256: A },
        copy: { ...part, bytes: 4096, sha256: copy },
        identical: copy === A,
      };
    };
    show(
      answer({
        identical: false,
        parts: [
          track(1, 'vide', A),
          track(2, 'soun', A),
          track(3, 'meta', B),
          track(4, 'tmcd', A),
        ],
      }),
    );
    expect(
      await screen.findByText('1 part is not identical in the copy.'),
    ).toBeTruthy();
    const items = screen.getAllByRole('listitem');
    expect(
      items.map((item) => [
        item.querySelector('.report-content-name')!.textContent,
        item.querySelector('[data-verdict]')!.textContent,
      ]),
    ).toEqual([
      ['Video track 1 (4\u00a0KB)', 'Identical'],
      ['Audio track 2 (4\u00a0KB)', 'Identical'],
      ['Metadata track 3 (4\u00a0KB)', 'Different'],
      ['Track 4 (tmcd) (4\u00a0KB)', 'Identical'],
    ]);
  });

  // embedded.docx (mat2's corpus) holds word/media/setup.py: no picture, so its bytes are not
  // content and are not hashed, and cleaning leaves it out of the copy.
  it('calls a part it did not hash "not compared", not different, and says why', async () => {
    const script = {
      kind: 'document-part' as const,
      key: 'word/media/setup.py',
      name: 'word/media/setup.py',
      error: 'unsupported' as const,
    };
    show(
      answer({
        identical: false,
        parts: [
          {
            kind: 'document-part',
            key: 'word/document.xml',
            name: 'word/document.xml',
            original: {
              ...hash(A),
              kind: 'document-part',
              key: 'word/document.xml',
            },
            copy: {
              ...hash(A),
              kind: 'document-part',
              key: 'word/document.xml',
            },
            identical: true,
          },
          { ...script, original: script, identical: false },
        ],
      }),
    );
    expect(
      await screen.findByText('Not every part could be compared.'),
    ).toBeTruthy();
    const row = screen.getAllByRole('listitem')[1]!;
    expect(row.querySelector('[data-verdict]')!.textContent).toBe(
      'Not compared',
    );
    expect(row.textContent).toContain(
      'Not hashed: the content of this kind of file is not compared.',
    );
    expect(row.textContent).not.toContain('could not be read');
  });
});
