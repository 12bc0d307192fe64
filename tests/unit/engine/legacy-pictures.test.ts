import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { planBytes } from '../../../workers/engine/output-plan';
import { CANARY_GPS } from '../../helpers/image-exif-builder';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  DIB_PIXELS,
  flatPresentationWith,
  pptWithPictures,
  UNKNOWN_RECORD,
} from '../../helpers/legacy-ole-fixtures';
import { convert, oleStreams } from '../../helpers/legacy-office-fixtures';
import { run } from '../../helpers/pdf-fixtures';
import { CANARY, gpsJpeg } from '../../helpers/office-fixtures';
import { exiftoolTags } from '../../helpers/exiftool';

let dir = '';
let jpeg: Uint8Array = new Uint8Array();

/** LibreOffice writes, and reads back, a .ppt: minutes under load. */
const SOFFICE_TEST_MS = 900_000;

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

beforeAll(() => {
  dir = tempDir('legacy-pictures');
  jpeg = gpsJpeg(dir);
});

describe("a PowerPoint file's Pictures stream", () => {
  it('cleans a photo where it lies, at the same size, and keeps a bitmap', async () => {
    const input = pptWithPictures(jpeg);
    writeFileSync(join(dir, 'in.ppt'), input);
    const pictures = oleStreams(join(dir, 'in.ppt')).get('Pictures')!;
    expect(pictures.includes(CANARY)).toBe(true);

    const result = await cleanPlan(blob(input));
    const output = await planBytes(input, result.plan);
    expect(output.length).toBe(input.length);
    writeFileSync(join(dir, 'out.ppt'), output);
    const cleaned = oleStreams(join(dir, 'out.ppt')).get('Pictures')!;
    expect(cleaned.length).toBe(pictures.length);
    expect(cleaned.includes(DIB_PIXELS)).toBe(true);
    // The photo still reads as a JPEG where it was, with none of its tags.
    const photo = cleaned.subarray(8 + 17, 8 + 17 + jpeg.length);
    writeFileSync(join(dir, 'photo.jpg'), photo);
    expect(exiftoolTags(join(dir, 'photo.jpg'))['File:FileType']).toBe('JPEG');
    expectNoLeaks(input, output, [CANARY, CANARY_GPS]);
    expect(result.removed.some((f) => f.location.includes('picture 1'))).toBe(
      true,
    );
  });

  it('refuses a record it does not know', async () => {
    const input = pptWithPictures(jpeg, UNKNOWN_RECORD);
    await expect(cleanPlan(blob(input))).rejects.toMatchObject({
      code: 'unclean',
    });
  });

  it(
    'cleans the photo LibreOffice put in a .ppt, which LibreOffice still shows',
    async () => {
      const flat = join(dir, 'photo.fodp');
      writeFileSync(flat, flatPresentationWith(jpeg));
      const path = convert(dir, 'ppt', flat);
      const input = new Uint8Array(readFileSync(path));
      expect(oleStreams(path).get('Pictures')!.includes(CANARY)).toBe(true);

      const result = await cleanPlan(blob(input));
      const output = await planBytes(input, result.plan);
      expectNoLeaks(input, output, [CANARY, CANARY_GPS]);
      const cleanDir = tempDir('legacy-pictures-out');
      writeFileSync(join(cleanDir, 'photo.ppt'), output);
      const pdf = convert(cleanDir, 'pdf', join(cleanDir, 'photo.ppt'));
      // pdfimages lists one image: the photo is still on the slide.
      expect(run('pdfimages', ['-list', pdf]).trim().split('\n')).toHaveLength(
        3,
      );
    },
    SOFFICE_TEST_MS,
  );
});
