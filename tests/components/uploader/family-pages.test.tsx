import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DropZone } from '../../../src/features/uploader/DropZone';
import {
  acceptedEntries,
  type UploaderKind,
} from '../../../src/features/uploader/accepted-types';
import {
  formatCatalog,
  type CatalogEntry,
} from '../../../workers/engine/format-catalog';
import { dropData, renderWithIntl } from './render-with-intl';

/**
 * A family's tool page takes every format of its family that the engine's catalog lists: the
 * extensions are read from the catalog here, so a format the engine learns is tested the day it
 * lands.
 */

afterEach(cleanup);

const FAMILY_PAGES: readonly [UploaderKind, CatalogEntry['kind']][] = [
  ['photos', 'image'],
  ['videos', 'video'],
  ['documents', 'document'],
];

function extensionsOf(kind: CatalogEntry['kind']): string[] {
  return formatCatalog
    .filter((entry) => entry.kind === kind)
    .flatMap((entry) => entry.extensions);
}

function renderZone(kind: UploaderKind) {
  const onFile = vi.fn();
  const onReject = vi.fn();
  renderWithIntl(
    <DropZone
      entries={acceptedEntries(kind)}
      kind={kind}
      disabled={false}
      onFile={onFile}
      onReject={onReject}
    />,
    'en',
  );
  return { onFile, onReject, zone: screen.getByTestId('drop-zone') };
}

describe('each family page takes every format of its family', () => {
  for (const [page, kind] of FAMILY_PAGES) {
    it(`${page}: every ${kind} extension of the catalog is dropped through and offered by the file dialog`, async () => {
      const extensions = extensionsOf(kind);
      expect(extensions.length).toBeGreaterThan(0);
      const { onFile, onReject, zone } = renderZone(page);
      const accept = (
        screen
          .getByLabelText('Choose a file to clean')
          .getAttribute('accept') ?? ''
      ).split(',');
      for (const extension of extensions) {
        expect(accept, `.${extension} in the dialog`).toContain(
          `.${extension}`,
        );
        // No MIME type, as a browser reports a type it does not know: the extension decides.
        const file = new File(['x'], `sample.${extension}`, { type: '' });
        await act(async () => {
          fireEvent.drop(zone, dropData([file]));
        });
        expect(onFile, `sample.${extension}`).toHaveBeenLastCalledWith(file);
      }
      expect(onReject).not.toHaveBeenCalled();
    });
  }
});
