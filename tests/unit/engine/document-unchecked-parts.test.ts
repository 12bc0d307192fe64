import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { EMF_CANARIES, WMF_CANARIES } from '../../helpers/metafile-fixtures';
import {
  FAKE_CANARIES,
  FONT_GUID,
  fakePictureEpub,
  metafileDocx,
  metafileOdt,
  obfuscated,
  sfntFont,
} from '../../helpers/document-metafile-fixtures';
import { soffice } from '../../helpers/office-fixtures';
import { tempDir } from '../../helpers/video-tools';
import { cleaned, members } from '../../helpers/zip-tools';

const SOFFICE_TIMEOUT = 240_000;
const unchecked = (name: string) =>
  expect.objectContaining({ field: 'document.unchecked-part', value: name });

/** LibreOffice opens the file and writes its text as a PDF. */
function opensInLibreOffice(bytes: Uint8Array, name: string): string {
  const dir = tempDir('unchecked');
  writeFileSync(join(dir, name), bytes);
  const [pdf] = soffice('pdf', [join(dir, name)], dir);
  expect(existsSync(pdf!)).toBe(true);
  return execFileSync('pdftotext', [pdf!, '-'], { encoding: 'utf8' });
}

describe('binary parts a document declares as content', () => {
  it(
    'Word: cleans the EMF and WMF, leaves out what nothing recognises, keeps fonts',
    async () => {
      const input = metafileDocx();
      const { result, output } = await cleaned(input);
      const names = Object.keys(members(output));
      expect(names).toEqual(
        expect.arrayContaining([
          'word/media/image99.emf',
          'word/media/image98.wmf',
          `word/fonts/${FONT_GUID}.odttf`,
          'word/fonts/bold.ttf',
        ]),
      );
      for (const gone of ['fake.png', 'blob.bin', 'odd.xyz'])
        expect(names).not.toContain(`word/media/${gone}`);
      expect(result.removed).toEqual(
        expect.arrayContaining([
          unchecked('word/media/fake.png'),
          unchecked('word/media/blob.bin'),
          unchecked('word/media/odd.xyz'),
          expect.objectContaining({
            field: 'software.creator',
            value: 'CANARYAPP Visio',
          }),
        ]),
      );
      // Their relationships went with them; the fonts are byte for byte.
      const rels = new TextDecoder().decode(
        members(output)['word/_rels/document.xml.rels'],
      );
      expect(rels).not.toMatch(/fake\.png|blob\.bin|odd\.xyz/);
      expect(
        Buffer.from(members(output)[`word/fonts/${FONT_GUID}.odttf`]!),
      ).toEqual(Buffer.from(obfuscated(sfntFont())));
      expectNoLeaks(
        input,
        output,
        [...EMF_CANARIES, ...WMF_CANARIES, ...FAKE_CANARIES],
        { ffprobe: false },
      );
      expect(opensInLibreOffice(output, 'clean.docx')).toContain(
        'Drawings follow.',
      );
    },
    SOFFICE_TIMEOUT,
  );

  it(
    'OpenDocument: cleans the EMF and WMF and leaves out a .png that is text',
    async () => {
      const input = metafileOdt();
      const { result, output } = await cleaned(input);
      const names = Object.keys(members(output));
      expect(names).toEqual(
        expect.arrayContaining([
          'Pictures/drawing.emf',
          'Pictures/drawing.wmf',
        ]),
      );
      expect(names).not.toContain('Pictures/fake.png');
      expect(result.removed).toEqual(
        expect.arrayContaining([unchecked('Pictures/fake.png')]),
      );
      const manifest = new TextDecoder().decode(
        members(output)['META-INF/manifest.xml'],
      );
      expect(manifest).not.toContain('fake.png');
      expectNoLeaks(
        input,
        output,
        [...EMF_CANARIES, ...WMF_CANARIES, 'CANARYFAKEPNG'],
        { ffprobe: false },
      );
      expect(opensInLibreOffice(output, 'clean.odt')).toContain(
        'Drawings follow.',
      );
    },
    SOFFICE_TIMEOUT,
  );

  it('EPUB: leaves out a .png that is text, keeps a font and a stylesheet', async () => {
    const input = fakePictureEpub();
    const { result, output } = await cleaned(input);
    const names = Object.keys(members(output));
    expect(names).toEqual(
      expect.arrayContaining(['OEBPS/fonts/body.ttf', 'OEBPS/style.css']),
    );
    expect(names).not.toContain('OEBPS/images/fake.png');
    expect(result.removed).toEqual(
      expect.arrayContaining([unchecked('OEBPS/images/fake.png')]),
    );
    const opf = new TextDecoder().decode(members(output)['OEBPS/content.opf']);
    expect(opf).not.toContain('fake.png');
    expectNoLeaks(input, output, ['CANARYFAKEPNG'], { ffprobe: false });
  });
});
