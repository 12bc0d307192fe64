import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nodeCodecs } from '../../../cli/node-codecs';
import { cleanPlan } from '../../../workers/engine';
import { planBytes } from '../../../workers/engine/output-plan';
import { Cleaning } from '../../../workers/engine/formats/legacy-office/storage';
import { MAX_DECOMPRESSED_BYTES } from '../../../workers/engine/limits';
import {
  lendHostCodecs,
  type HostCodecs,
} from '../../../workers/engine/shared/host-codecs';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks, leakReport } from '../../helpers/leak-oracle';
import { convert, oleStreams } from '../../helpers/legacy-office-fixtures';
import {
  compressedMetafileBlip,
  flatPresentationWith,
  metafileBlip,
  flatSpreadsheetWith,
  flatTextWith,
  pptWithPictures,
  zlibOf,
  type MetafileLie,
} from '../../helpers/legacy-ole-fixtures';
import {
  metafileBlipsIn,
  type MetafileBlipRead,
} from '../../helpers/metafile-blips';
import {
  canaryEmf,
  canaryWmf,
  EMF_CANARIES,
  emfOf,
  WMF_CANARIES,
} from '../../helpers/metafile-fixtures';
import { gpsJpeg } from '../../helpers/office-fixtures';
import { insertAfterIhdr, tEXt } from '../../helpers/png-chunks';
import { run } from '../../helpers/pdf-fixtures';

/** LibreOffice writes three files and reads three back: minutes under load. */
const SOFFICE_TEST_MS = 900_000;
/** [MS-ODRAW] 2.2.25 OfficeArtBlipWMF: its type and recInstance with one UID. */
const WMF_BLIP = 0xf01b;
const WMF_ONE_UID = 0x216;
/** [MS-ODRAW] 2.2.26 OfficeArtBlipPICT: its type and recInstance with one UID. */
const PICT_BLIP = 0xf01c;
const PICT_ONE_UID = 0x542;
/** pptWithPictures puts a JPEG and a bitmap first: the metafile is the third picture. */
const METAFILE_NUMBER = 3;

/**
 * A version 2 QuickDraw picture (Inside Macintosh: Imaging With QuickDraw, appendix A): picSize,
 * picFrame, VersionOp and Version, HeaderOp, a LongComment (0x00A1: kind, size, data) holding
 * `comment`, and OpEndPic.
 */
function macPict(comment: string): Buffer {
  const head = Buffer.alloc(10);
  head.writeUInt16BE(100, 8);
  head.writeUInt16BE(100, 6);
  const version = Buffer.from([0x00, 0x11, 0x02, 0xff]);
  const header = Buffer.alloc(26);
  header.writeUInt16BE(0x0c00, 0);
  header.writeInt16BE(-2, 2);
  const data = Buffer.from(comment, 'latin1');
  const long = Buffer.alloc(6);
  long.writeUInt16BE(0x00a1, 0);
  long.writeUInt16BE(100, 2);
  long.writeUInt16BE(data.length, 4);
  const body = Buffer.concat([version, header, long, data]);
  const end = Buffer.from(body.length % 2 ? [0, 0x00, 0xff] : [0x00, 0xff]);
  return Buffer.concat([head, body, end]);
}

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

/** The engine's own inflate, and Node's zlib as the CLI lends it. */
const HOSTS: readonly HostCodecs[] = [{}, nodeCodecs()];

let dir = '';
let jpeg: Uint8Array = new Uint8Array();
/** One canary EMF for every case: its PNG's dates change from one drawing to the next. */
let emfBytes: Uint8Array = new Uint8Array();

beforeAll(() => {
  dir = tempDir('legacy-compressed-metafiles');
  jpeg = gpsJpeg(dir);
  emfBytes = canaryEmf();
});

/** The metafile blips of every stream of the compound file `bytes`, by stream, as olefile reads them. */
function blipsOf(
  bytes: Uint8Array,
  name: string,
): Map<string, MetafileBlipRead[]> {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  const found = new Map<string, MetafileBlipRead[]>();
  for (const [stream, data] of oleStreams(path)) {
    const blips = metafileBlipsIn(data);
    if (blips.length > 0) found.set(stream, blips);
  }
  return found;
}

/**
 * Each cleaned blip is where it was, its record as long as before, compressed still, its cbSave
 * its stream's length, and its stream inflating to the cbSize it had, zeros after it.
 */
function expectRewrittenInPlace(
  before: Map<string, MetafileBlipRead[]>,
  after: Map<string, MetafileBlipRead[]>,
): void {
  expect([...after.keys()]).toEqual([...before.keys()]);
  for (const [stream, blips] of before) {
    const cleaned = after.get(stream)!;
    expect(cleaned.map((b) => [b.at, b.type, b.length, b.cbSize])).toEqual(
      blips.map((b) => [b.at, b.type, b.length, b.cbSize]),
    );
    for (const b of cleaned) {
      expect(b.compression).toBe(0);
      expect(b.metafile?.length).toBe(b.cbSize);
      expect(b.zeroPadded).toBe(true);
    }
  }
}

describe('a compressed metafile picture in a generated .ppt', () => {
  afterEach(() => lendHostCodecs({}));

  it.each([
    ['EMF', () => compressedMetafileBlip(emfBytes), EMF_CANARIES],
    [
      'WMF',
      () => compressedMetafileBlip(canaryWmf(), WMF_ONE_UID, WMF_BLIP),
      WMF_CANARIES,
    ],
  ] as const)(
    'inflates a compressed %s, cleans it by its module and deflates it into its old space',
    async (_name, picture, canaries) => {
      const input = pptWithPictures(jpeg, picture());
      const result = await cleanPlan(blob(input));
      const output = await planBytes(input, result.plan);
      expect(output.length).toBe(input.length);
      expectNoLeaks(input, output, canaries);
      expectRewrittenInPlace(
        blipsOf(input, 'in.ppt'),
        blipsOf(output, 'out.ppt'),
      );
      expect(
        result.removed.some((f) =>
          f.location.startsWith(`/Pictures, picture ${METAFILE_NUMBER}: `),
        ),
      ).toBe(true);
    },
  );

  it('keeps one with nothing to remove as it was', async () => {
    const record = compressedMetafileBlip(emfOf('', []));
    const input = pptWithPictures(jpeg, record);
    const output = await planBytes(input, (await cleanPlan(blob(input))).plan);
    expect(Buffer.from(output).includes(record)).toBe(true);
  });

  const emf = () => emfBytes;
  const stream = () => zlibOf(emf());
  const hostile: [string, () => MetafileLie, string][] = [
    [
      'whose cbSave runs past its record',
      () => ({ cbSave: stream().length + 1 }),
      'unclean',
    ],
    [
      'that inflates past its cbSize',
      () => ({ cbSize: emf().length - 4 }),
      'corrupt',
    ],
    [
      'that inflates short of its cbSize',
      () => ({ cbSize: emf().length + 4 }),
      'corrupt',
    ],
    [
      'that is a bomb',
      () => ({ stream: zlibOf(new Uint8Array(32 * 1024 * 1024)) }),
      'corrupt',
    ],
    [
      'whose cbSize is past what the engine reads',
      () => ({ cbSize: 0x7fffffff }),
      'too-large',
    ],
    ['cut short', () => ({ stream: stream().subarray(0, -8) }), 'corrupt'],
    [
      'followed by bytes its cbSave counts',
      () => ({ stream: Buffer.concat([stream(), Buffer.alloc(4, 0x55)]) }),
      'corrupt',
    ],
    [
      'failing its checksum',
      () => {
        const s = stream();
        s[s.length - 1]! ^= 1;
        return { stream: s };
      },
      'corrupt',
    ],
    [
      'stored as bare deflate',
      () => ({ stream: deflateRawSync(emf()) }),
      'corrupt',
    ],
  ];
  it.each(hostile)(
    'refuses one %s, with the same words whichever inflate reads it',
    async (_what, lie, code) => {
      const input = pptWithPictures(
        jpeg,
        compressedMetafileBlip(emf(), undefined, undefined, lie()),
      );
      const details = [];
      for (const codecs of HOSTS) {
        lendHostCodecs(codecs);
        const error: unknown = await cleanPlan(blob(input)).catch((e) => e);
        expect(error).toMatchObject({ code });
        details.push((error as { detail?: string }).detail);
      }
      expect(details[1]).toBe(details[0]);
    },
  );

  it('cleans to the same bytes with Node’s zlib as with its own inflate', async () => {
    const input = pptWithPictures(jpeg, compressedMetafileBlip(emf()));
    const outputs = [];
    for (const codecs of HOSTS) {
      lendHostCodecs(codecs);
      outputs.push(await planBytes(input, (await cleanPlan(blob(input))).plan));
    }
    expect(Buffer.from(outputs[1]!).equals(outputs[0]!)).toBe(true);
  });

  it('refuses a photo compressed as a metafile', async () => {
    const input = pptWithPictures(jpeg, compressedMetafileBlip(jpeg));
    expect(leakReport(input, input, ['CANARY']).unseenInInput).toEqual([]);
    await expect(cleanPlan(blob(input))).rejects.toMatchObject({
      code: 'unclean',
    });
  });

  it('refuses a Mac PICT picture, compressed or stored as it is', async () => {
    const pict = macPict('CANARYPICTCOMMENT');
    const compressed = pptWithPictures(
      jpeg,
      compressedMetafileBlip(pict, PICT_ONE_UID, PICT_BLIP),
    );
    expect(
      leakReport(compressed, compressed, ['CANARYPICTCOMMENT']).unseenInInput,
    ).toEqual([]);
    await expect(cleanPlan(blob(compressed))).rejects.toMatchObject({
      code: 'unsupported',
    });
    const stored = pptWithPictures(
      jpeg,
      metafileBlip(pict, PICT_ONE_UID, PICT_BLIP),
    );
    expect(
      leakReport(stored, stored, ['CANARYPICTCOMMENT']).unseenInInput,
    ).toEqual([]);
    await expect(cleanPlan(blob(stored))).rejects.toMatchObject({
      code: 'unsupported',
    });
  });

  it("stops inflating at the file's budget", () => {
    const out = new Cleaning();
    out.chargeInflate(MAX_DECOMPRESSED_BYTES);
    expect(() => out.chargeInflate(1)).toThrow(
      expect.objectContaining({ code: 'too-large' }),
    );
  });
});

/** [MS-XLS] 2.3: a drawing group's records, MsoDrawingGroup and the Continue records after it. */
const MSO_DRAWING_GROUP = 0x00eb;
const CONTINUE = 0x003c;

/** A workbook stream's drawing group data, joined across its records, and how many it took. */
function drawingGroup(workbook: Buffer): { data: Buffer; records: number } {
  const pieces: Buffer[] = [];
  for (let at = 0; at + 4 <= workbook.length;) {
    const type = workbook.readUInt16LE(at);
    const size = workbook.readUInt16LE(at + 2);
    const joins =
      type === MSO_DRAWING_GROUP || (type === CONTINUE && pieces.length > 0);
    if (joins) pieces.push(workbook.subarray(at + 4, at + 4 + size));
    else if (pieces.length > 0) break;
    at += 4 + size;
  }
  return { data: Buffer.concat(pieces), records: pieces.length };
}

/** An EMF whose EMF+ image is a noisy PNG with a text canary: its stream passes a BIFF record's size. */
function largeEmf(): Buffer {
  const png = execFileSync('convert', [
    '-size',
    '120x120',
    'xc:',
    '+noise',
    'Random',
    'png:-',
  ]);
  return canaryEmf(
    Buffer.from(
      insertAfterIhdr(new Uint8Array(png), [tEXt('Comment', 'CANARYPNG')]),
    ),
  );
}

describe('the compressed EMF LibreOffice writes', () => {
  it(
    'is cleaned across the Continue records of an .xls drawing group, which LibreOffice still opens',
    async () => {
      writeFileSync(join(dir, 'large.fods'), flatSpreadsheetWith([largeEmf()]));
      const path = convert(dir, 'xls', join(dir, 'large.fods'));
      const input = new Uint8Array(readFileSync(path));
      const group = drawingGroup(oleStreams(path).get('Workbook')!);
      const [before] = metafileBlipsIn(group.data);
      expect(group.records).toBeGreaterThan(2);
      expect(before!.compression).toBe(0);

      const output = await planBytes(
        input,
        (await cleanPlan(blob(input))).plan,
      );
      expect(output.length).toBe(input.length);
      const cleanDir = tempDir('legacy-compressed-metafiles-xls');
      const cleanPath = join(cleanDir, 'large.xls');
      writeFileSync(cleanPath, output);
      const cleaned = drawingGroup(oleStreams(cleanPath).get('Workbook')!);
      expect(cleaned.records).toBe(group.records);
      const [after] = metafileBlipsIn(cleaned.data);
      expectRewrittenInPlace(
        new Map([['group', [before!]]]),
        new Map([['group', [after!]]]),
      );
      // Record headers cut the stream in the file: the oracle reads the metafiles joined and
      // inflated here, and the whole file for what it can see there.
      expectNoLeaks(before!.metafile!, after!.metafile!, EMF_CANARIES);
      expect(leakReport(input, output, EMF_CANARIES).leaks).toEqual({});
      const pdf = convert(cleanDir, 'pdf', cleanPath);
      expect(run('pdfinfo', [pdf])).toMatch(/^Pages:\s+[1-9]/m);
    },
    SOFFICE_TEST_MS,
  );

  it(
    'is cleaned in a .ppt, a .doc and an .xls, which LibreOffice still opens',
    async () => {
      const flats = {
        ppt: ['emf.fodp', flatPresentationWith(emfBytes)],
        doc: ['emf.fodt', flatTextWith(emfBytes)],
        xls: ['emf.fods', flatSpreadsheetWith([emfBytes])],
      } as const;
      const cleanDir = tempDir('legacy-compressed-metafiles-out');
      const outputs: string[] = [];
      for (const [kind, [name, flat]] of Object.entries(flats)) {
        writeFileSync(join(dir, name), flat);
        const path = convert(dir, kind, join(dir, name));
        const input = new Uint8Array(readFileSync(path));
        const before = blipsOf(input, `in.${kind}`);
        // LibreOffice compresses every metafile it writes.
        expect(
          [...before.values()].flat().map((b) => b.compression),
        ).not.toContain(0xfe);
        expect(before.size).toBeGreaterThan(0);

        const output = await planBytes(
          input,
          (await cleanPlan(blob(input))).plan,
        );
        expect(output.length).toBe(input.length);
        expectNoLeaks(input, output, EMF_CANARIES);
        expectRewrittenInPlace(before, blipsOf(output, `out.${kind}`));
        outputs.push(join(cleanDir, `emf-${kind}.${kind}`));
        writeFileSync(outputs.at(-1)!, output);
      }
      execFileSync(
        'soffice',
        [
          `-env:UserInstallation=file://${join(cleanDir, 'profile')}`,
          '--headless',
          '--norestore',
          '--convert-to',
          'pdf',
          '--outdir',
          cleanDir,
          ...outputs,
        ],
        { stdio: 'pipe', timeout: SOFFICE_TEST_MS },
      );
      for (const path of outputs)
        expect(run('pdfinfo', [path.replace(/\.\w+$/, '.pdf')])).toMatch(
          /^Pages:\s+[1-9]/m,
        );
    },
    SOFFICE_TEST_MS,
  );
});
