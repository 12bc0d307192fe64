import {
  canaryEmf,
  canaryWmf,
  emfOf,
  WMF_CANARIES,
} from '../../helpers/metafile-fixtures';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { planBytes } from '../../../workers/engine/output-plan';
import { CANARY_GPS } from '../../helpers/image-exif-builder';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks, leakReport } from '../../helpers/leak-oracle';
import { canaryTagArgs, drawImage } from '../../helpers/image-fixtures';
import { exiftoolWrite } from '../../helpers/image-tools';
import {
  blip,
  DIB_PIXELS,
  metafileBlip,
  flatPresentationWith,
  flatSpreadsheetWith,
  flatTextWith,
  pptWithPictures,
  UNKNOWN_RECORD,
} from '../../helpers/legacy-ole-fixtures';
import { convert, oleStreams } from '../../helpers/legacy-office-fixtures';
import { run } from '../../helpers/pdf-fixtures';
import { CANARY, gpsJpeg } from '../../helpers/office-fixtures';
import { exiftoolTags } from '../../helpers/exiftool';

let dir = '';
let jpeg: Uint8Array = new Uint8Array();

/** A photo whose JPEG passes a BIFF record's 8,224 bytes. */
const WIDE_PHOTO = '200x150';
/** [MS-XLS] 2.3: the Continue record's type. */
const CONTINUE_RECORD = 0x003c;

/** The types of a BIFF stream's records, in order. */
function biffTypes(stream: Uint8Array): number[] {
  const types: number[] = [];
  const view = Buffer.from(stream);
  for (let at = 0; at + 4 <= view.length; at += 4 + view.readUInt16LE(at + 2))
    types.push(view.readUInt16LE(at));
  return types;
}

/** LibreOffice writes, and reads back, a .ppt: minutes under load. */
const SOFFICE_TEST_MS = 900_000;

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

/** A PNG with the canary in a text chunk and GPS in its eXIf chunk, and no XMP. */
const PNG_COMMENT = `${CANARY}-PngComment`;
let png: Uint8Array = new Uint8Array();
/** An EMF ([MS-EMF] 2.3.4.2 EMR_HEADER, then EMR_EOF) with nothing to remove. */
const EMF_DRAWING = emfOf('', []);

beforeAll(() => {
  dir = tempDir('legacy-pictures');
  jpeg = gpsJpeg(dir);
  const path = drawImage(join(dir, 'gps.png'));
  exiftoolWrite(path, [
    ...canaryTagArgs().filter((a) => /^-(EXIF|GPS)/.test(a)),
    `-PNG:Comment=${PNG_COMMENT}`,
  ]);
  png = new Uint8Array(readFileSync(path));
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

  it.each([
    ['EMF', () => metafileBlip(canaryEmf()), ['CANARYAPP', 'CANARYPIC']],
    ['WMF', () => metafileBlip(canaryWmf(), 0x216, 0xf01b), WMF_CANARIES],
  ] as const)(
    'cleans an uncompressed %s picture in place through its own module',
    async (_name, picture, canaries) => {
      const input = pptWithPictures(jpeg, picture());
      const output = await planBytes(
        input,
        (await cleanPlan(blob(input))).plan,
      );
      expect(output.length).toBe(input.length);
      expectNoLeaks(input, output, canaries);
    },
  );

  it('keeps a metafile, whose headers say it is one', async () => {
    const input = pptWithPictures(jpeg, metafileBlip(EMF_DRAWING));
    const output = await planBytes(input, (await cleanPlan(blob(input))).plan);
    expect(Buffer.from(output).includes(EMF_DRAWING)).toBe(true);
    expect(output.length).toBe(input.length);
    expectNoLeaks(input, output, [CANARY, CANARY_GPS]);
  });

  // A photo whose record claims a bitmap's or a metafile's type was kept as content: a PNG's
  // eXIf (its GPS) and text chunks carry no signature the residue scan knows, so they left.
  const retyped: [string, () => Uint8Array][] = [
    ['a bitmap', () => blip(0x7a8, 0xf01f, png)],
    ['a bitmap, keeping its own instance', () => blip(0x6e0, 0xf01f, png)],
    ['a metafile', () => metafileBlip(png)],
    ['a metafile header over a photo', () => blip(0x3d4, 0xf01a, png)],
  ];
  for (const [what, record] of retyped)
    it(`refuses a photo whose record says it is ${what}`, async () => {
      const input = pptWithPictures(jpeg, record());
      expect(
        leakReport(input, input, [PNG_COMMENT, CANARY_GPS]).unseenInInput,
      ).toEqual([]);
      await expect(cleanPlan(blob(input))).rejects.toMatchObject({
        code: 'unclean',
      });
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

describe("a Word document's pictures", () => {
  let doc = '';
  const wordDoc = (): string => {
    if (doc) return doc;
    const flat = join(dir, 'photo.fodt');
    writeFileSync(flat, flatTextWith(jpeg));
    doc = convert(dir, 'doc', flat);
    return doc;
  };

  it(
    'cleans the inline photo in the Data stream and the floating one in the delay stream, which LibreOffice still shows',
    async () => {
      const path = wordDoc();
      const input = new Uint8Array(readFileSync(path));
      const streams = oleStreams(path);
      expect(streams.get('Data')!.includes(CANARY)).toBe(true);
      expect(streams.get('WordDocument')!.includes(CANARY)).toBe(true);

      const result = await cleanPlan(blob(input));
      const output = await planBytes(input, result.plan);
      expect(output.length).toBe(input.length);
      expectNoLeaks(input, output, [CANARY, CANARY_GPS]);
      const cleanDir = tempDir('legacy-pictures-doc');
      writeFileSync(join(cleanDir, 'photo.doc'), output);
      const cleaned = oleStreams(join(cleanDir, 'photo.doc'));
      expect(cleaned.get('Data')!.length).toBe(streams.get('Data')!.length);
      const pdf = convert(cleanDir, 'pdf', join(cleanDir, 'photo.doc'));
      // pdfimages lists both pictures: a heading, a rule and two rows.
      expect(run('pdfimages', ['-list', pdf]).trim().split('\n')).toHaveLength(
        4,
      );
    },
    SOFFICE_TEST_MS,
  );

  it(
    'refuses a photo in the Data stream it cannot place',
    async () => {
      const path = wordDoc();
      const input = new Uint8Array(readFileSync(path));
      // The Data stream's first sector starts with the PICF: spoil its cbHeader (0x44).
      const data = oleStreams(path).get('Data')!;
      const at = Buffer.from(input).indexOf(data.subarray(0, 64));
      expect(at).toBeGreaterThan(0);
      const broken = input.slice();
      broken[at + 4] = 0x45;
      await expect(cleanPlan(blob(broken))).rejects.toMatchObject({
        code: 'unclean',
      });
    },
    SOFFICE_TEST_MS,
  );
});

describe("an Excel workbook's pictures", () => {
  let xls = '';
  const workbook = (): string => {
    if (xls) return xls;
    // The second photo passes a record's size: its blip is split by Continue records.
    const wide = gpsJpeg(dir, 'wide.jpg', { size: WIDE_PHOTO });
    const flat = join(dir, 'photos.fods');
    writeFileSync(flat, flatSpreadsheetWith([jpeg, wide]));
    xls = convert(dir, 'xls', flat);
    return xls;
  };

  it(
    'cleans the photos of the drawing group across its Continue records, which LibreOffice still shows',
    async () => {
      const path = workbook();
      const input = new Uint8Array(readFileSync(path));
      const stream = oleStreams(path).get('Workbook')!;
      expect(stream.includes(CANARY)).toBe(true);
      expect(biffTypes(stream)).toContain(CONTINUE_RECORD);

      const result = await cleanPlan(blob(input));
      const output = await planBytes(input, result.plan);
      expect(output.length).toBe(input.length);
      expectNoLeaks(input, output, [CANARY, CANARY_GPS]);
      expect(result.removed.some((f) => f.location.includes('picture 2'))).toBe(
        true,
      );
      const cleanDir = tempDir('legacy-pictures-xls');
      writeFileSync(join(cleanDir, 'photos.xls'), output);
      expect(
        biffTypes(oleStreams(join(cleanDir, 'photos.xls')).get('Workbook')!),
      ).toEqual(biffTypes(stream));
      const pdf = convert(cleanDir, 'pdf', join(cleanDir, 'photos.xls'));
      // pdfimages lists both photos: a heading, a rule and two rows.
      expect(run('pdfimages', ['-list', pdf]).trim().split('\n')).toHaveLength(
        4,
      );
    },
    SOFFICE_TEST_MS,
  );

  it(
    'refuses a photo no picture store places',
    async () => {
      const input = new Uint8Array(readFileSync(workbook()));
      // The BStore container (type 0xF001) of the drawing group (0xF000): make it another type.
      const view = Buffer.from(input);
      const group = view.indexOf(Buffer.from([0x0f, 0x00, 0x00, 0xf0]));
      const at = view.indexOf(Buffer.from([0x01, 0xf0]), group + 4) - 2;
      expect(group).toBeGreaterThan(0);
      const broken = input.slice();
      broken[at + 2] = 0x02;
      expect(at).toBeGreaterThan(group);
      await expect(cleanPlan(blob(broken))).rejects.toMatchObject({
        code: 'unclean',
      });
    },
    SOFFICE_TEST_MS,
  );
});
