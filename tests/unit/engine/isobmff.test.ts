/**
 * The ISOBMFF module on hand-built boxes: sniffing, the box reader's limits on hostile input, and
 * in-place cleaning of minimal movies and HEIF files.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cleanPlan,
  inPlacePatches,
  inspect,
  isEngineError,
  planToBlob,
} from '../../../workers/engine';
import { parseBoxHeader } from '../../../workers/engine/formats/isobmff/box';
import { iso6709ToDecimal } from '../../../workers/engine/metadata/iso6709';
import { box, concat, ftyp } from '../../helpers/isobmff-fixtures';
import { blobOf, contains } from '../../helpers/video-tools';
import { corpusFile, itCorpus } from '../../helpers/corpus';

const MVHD_V0_BYTES = 100;
const CANARY_PLACE = 'CANARYPLACE77';
/** 2021-04-11T15:47:53Z in seconds since 1904. */
const MAC_TIME = 3_701_000_873;

function u32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

function mvhd(): Uint8Array {
  const payload = new Uint8Array(MVHD_V0_BYTES);
  payload.set(u32(MAC_TIME), 4);
  payload.set(u32(MAC_TIME), 8);
  return box('mvhd', payload);
}

/** A QuickTime text atom: 16-bit length, 16-bit language, text. */
function textAtom(type: string, text: string): Uint8Array {
  const bytes = Buffer.from(text, 'latin1');
  const payload = new Uint8Array(4 + bytes.length);
  new DataView(payload.buffer).setUint16(0, bytes.length);
  payload.set(bytes, 4);
  return box(type, payload);
}

function movie(large = false): Uint8Array {
  const udta = box(
    'udta',
    concat(
      textAtom('\u00a9xyz', '+48.8584+002.2945/'),
      textAtom('\u00a9nam', CANARY_PLACE),
    ),
    large,
  );
  return concat(
    ftyp('isom', 'isom', 'mp41'),
    box('moov', concat(mvhd(), udta), large),
    box('mdat', new Uint8Array(64).fill(7), large),
  );
}

async function errorCode(bytes: Uint8Array): Promise<string> {
  try {
    await cleanPlan(blobOf(bytes));
    return 'none';
  } catch (error) {
    return isEngineError(error) ? error.code : `untyped: ${String(error)}`;
  }
}

async function cleanedBytes(bytes: Uint8Array): Promise<Uint8Array> {
  const blob = blobOf(bytes);
  const { plan } = await cleanPlan(blob);
  expect(inPlacePatches(blob.size, plan)).not.toBeNull();
  return new Uint8Array(await (await planToBlob(blob, plan)).arrayBuffer());
}

describe('sniffing', () => {
  it.each([
    [['heic', 'mif1', 'heic'], 'heic', 'image/heic'],
    [['mif1', 'mif1', 'avif'], 'avif', 'image/avif'],
    [['avif', 'avif'], 'avif', 'image/avif'],
    [['msf1', 'msf1', 'avis'], 'avif', 'image/avif'],
    [['qt  ', 'qt  '], 'mov', 'video/quicktime'],
    [['M4A ', 'M4A ', 'isom'], 'mp4', 'audio/mp4'],
    [['3gp5', '3gp5'], 'mp4', 'video/3gpp'],
    [['isom', 'isom', 'avc1'], 'mp4', 'video/mp4'],
  ])('%j is %s (%s)', async ([major, ...compatible], id, mime) => {
    const file = concat(ftyp(major, ...compatible), box('mdat'));
    const { format } = await inspect(blobOf(file));
    expect(format).toMatchObject({ id, mime });
  });

  it('takes a QuickTime file without ftyp for mov', async () => {
    const file = concat(box('wide'), box('mdat', new Uint8Array(8)));
    expect((await inspect(blobOf(file))).format.id).toBe('mov');
  });

  it('does not claim random bytes', async () => {
    expect(await errorCode(new Uint8Array(64).fill(0x41))).toBe('unsupported');
  });
});

describe('ISO 6709', () => {
  it.each([
    ['+48.8584+002.2945+035.000/', '48.858400, 2.294500'],
    ['-33.8688+151.2093/', '-33.868800, 151.209300'],
    ['+4851.504+00217.670/', '48.858400, 2.294500'],
    ['+485130.24+0021740.2/', '48.858400, 2.294500'],
  ])('%s is %s', (text, decimal) => {
    expect(iso6709ToDecimal(text)).toBe(decimal);
  });

  it('rejects text that is not a point', () => {
    expect(iso6709ToDecimal('Paris')).toBeNull();
  });
});

describe('minimal movies', () => {
  it.each([false, true])(
    'with 64-bit sizes %s: udta becomes free space and mvhd dates are zeroed',
    async (large) => {
      const input = movie(large);
      const { findings } = await inspect(blobOf(input));
      expect(findings).toContainEqual(
        expect.objectContaining({
          category: 'location',
          value: '48.858400, 2.294500',
        }),
      );
      expect(findings).toContainEqual(
        expect.objectContaining({ value: '2021-04-11T15:47:53.000Z' }),
      );
      const output = await cleanedBytes(input);
      expect(output.length).toBe(input.length);
      expect(contains(output, CANARY_PLACE)).toBe(false);
      expect(contains(output, '+48.8584')).toBe(false);
      expect(contains(output, 'free')).toBe(true);
    },
  );

  it('frees a top-level iTunes meta that lists no items', async () => {
    const data = box('data', concat(u32(1), u32(0), Buffer.from(CANARY_PLACE)));
    const hdlr = box(
      'hdlr',
      concat(new Uint8Array(8), Buffer.from('mdir'), new Uint8Array(13)),
    );
    const meta = box(
      'meta',
      concat(new Uint8Array(4), hdlr, box('ilst', box('\u00a9nam', data))),
    );
    const file = concat(ftyp(), meta, box('moov', mvhd()), box('mdat'));
    const { findings } = await inspect(blobOf(file));
    expect(findings).toContainEqual(
      expect.objectContaining({ label: '\u00a9nam', value: CANARY_PLACE }),
    );
    expect(contains(await cleanedBytes(file), CANARY_PLACE)).toBe(false);
  });

  it('accepts a last box whose size is 0 (to the end of the file)', async () => {
    const input = concat(movie().subarray(0, -72), u32(0), Buffer.from('mdat'));
    expect(await errorCode(concat(input, new Uint8Array(32)))).toBe('none');
  });
});

const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');
const TFXD_UUID = Buffer.from('6d1d9b0542d544e680e2141daff757b2', 'hex');
const XMP_PACKET = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>${CANARY_PLACE}</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;

describe('uuid boxes', () => {
  const xmp = box('uuid', concat(XMP_UUID, Buffer.from(XMP_PACKET)));
  const structural = box('uuid', concat(TFXD_UUID, new Uint8Array(12)));
  const file = concat(
    ftyp(),
    xmp,
    box('moov', concat(mvhd(), xmp, structural)),
    box('mdat', new Uint8Array(16)),
  );

  it('reports XMP in uuid boxes with its properties and removes it everywhere', async () => {
    const { findings } = await inspect(blobOf(file));
    const creators = findings.filter((f) => f.value === CANARY_PLACE);
    expect(creators).toHaveLength(2);
    const output = await cleanedBytes(file);
    expect(contains(output, CANARY_PLACE)).toBe(false);
  });

  it('keeps structural PIFF uuid boxes', async () => {
    const output = Buffer.from(await cleanedBytes(file));
    expect(output.includes(TFXD_UUID)).toBe(true);
    expect(output.includes(XMP_UUID)).toBe(false);
  });
});

/** A big-endian TIFF with one IFD0 entry: Artist. */
function tiffWithArtist(artist: string): Uint8Array {
  const text = Buffer.from(`${artist}\0`, 'latin1');
  const ifd = Buffer.alloc(26);
  ifd.write('MM', 0, 'latin1');
  ifd.writeUInt16BE(42, 2);
  ifd.writeUInt32BE(8, 4);
  ifd.writeUInt16BE(1, 8);
  ifd.writeUInt16BE(0x013b, 10);
  ifd.writeUInt16BE(2, 12);
  ifd.writeUInt32BE(text.length, 14);
  ifd.writeUInt32BE(26, 18);
  return concat(ifd, text);
}

function infe(id: number, type: string, contentType = ''): Uint8Array {
  const tail = type === 'mime' ? `\0${contentType}\0` : '\0';
  return box(
    'infe',
    concat(
      Uint8Array.of(2, 0, 0, 0, 0, id, 0, 0),
      Buffer.from(type + tail, 'latin1'),
    ),
  );
}

/** iloc version 1, 4-byte offsets and lengths: [id, construction method, offset, length]. */
function iloc(items: [number, number, number, number][]): Uint8Array {
  const entries = items.map(([id, method, offset, length]) =>
    concat(
      Uint8Array.of(0, id, 0, method, 0, 0, 0, 1),
      u32(offset),
      u32(length),
    ),
  );
  return box(
    'iloc',
    concat(Uint8Array.of(1, 0, 0, 0, 0x44, 0x00, 0, items.length), ...entries),
  );
}

describe('HEIF items', () => {
  const exif = concat(u32(0), tiffWithArtist(CANARY_PLACE));
  const thumbnailExif = concat(u32(0), tiffWithArtist(`${CANARY_PLACE}THUMB`));
  const xmp = Buffer.from(XMP_PACKET);

  /** Exif of the image in idat (construction method 1), the thumbnail's Exif and XMP in mdat. */
  function heif(): Uint8Array {
    const head = ftyp('heic', 'mif1', 'heic');
    const hdlr = box(
      'hdlr',
      concat(new Uint8Array(8), Buffer.from('pict'), new Uint8Array(13)),
    );
    const iinf = box(
      'iinf',
      concat(
        new Uint8Array(4),
        Uint8Array.of(0, 4),
        infe(1, 'hvc1'),
        infe(2, 'Exif'),
        infe(3, 'Exif'),
        infe(4, 'mime', 'application/rdf+xml'),
      ),
    );
    const idat = box('idat', exif);
    const metaWith = (locations: Uint8Array) =>
      box('meta', concat(new Uint8Array(4), hdlr, iinf, locations, idat));
    const probe = metaWith(
      iloc([
        [2, 1, 0, exif.length],
        [3, 0, 0, 0],
        [4, 0, 0, 0],
      ]),
    );
    const mdatData = head.length + probe.length + 8;
    const meta = metaWith(
      iloc([
        [2, 1, 0, exif.length],
        [3, 0, mdatData, thumbnailExif.length],
        [4, 0, mdatData + thumbnailExif.length, xmp.length],
      ]),
    );
    return concat(head, meta, box('mdat', concat(thumbnailExif, xmp)));
  }

  it('reports the Exif of the image and of the thumbnail, and the XMP', async () => {
    const { findings } = await inspect(blobOf(heif()));
    const values = findings.map((f) => f.value);
    expect(values).toContain(CANARY_PLACE);
    expect(values).toContain(`${CANARY_PLACE}THUMB`);
    expect(findings.filter((f) => f.value === CANARY_PLACE)).toHaveLength(2);
  });

  it('zeroes them in idat and mdat and hides them from the item list', async () => {
    const input = heif();
    const output = Buffer.from(await cleanedBytes(input));
    expect(output.length).toBe(input.length);
    expect(contains(output, CANARY_PLACE)).toBe(false);
    expect(output.includes('Exif')).toBe(false);
    expect(output.includes('hvc1')).toBe(true);
    expect(output.includes('application/rdf+xml')).toBe(true);
  });
});

describe('hostile input gives a typed error', () => {
  const valid = movie();
  const moovAt = ftyp('isom', 'isom', 'mp41').length;

  it('a file truncated inside moov', async () => {
    expect(await errorCode(valid.subarray(0, moovAt + 40))).toBe('corrupt');
  });

  it('a box larger than its parent', async () => {
    const lying = valid.slice();
    const udtaAt = moovAt + 8 + MVHD_V0_BYTES + 8;
    new DataView(lying.buffer).setUint32(udtaAt, 10_000);
    expect(await errorCode(lying)).toBe('corrupt');
  });

  it('a box whose size is smaller than its header', async () => {
    const lying = valid.slice();
    new DataView(lying.buffer).setUint32(moovAt, 4);
    expect(await errorCode(lying)).toBe('corrupt');
  });

  it('a 64-bit size beyond the file', async () => {
    const large = movie(true);
    new DataView(large.buffer).setBigUint64(moovAt + 8, 1n << 40n);
    expect(await errorCode(large)).toBe('corrupt');
  });

  it('endless nesting of user data: removed whole', async () => {
    let nested = textAtom('\u00a9nam', CANARY_PLACE);
    for (let i = 0; i < 10_000; i++) nested = box('udta', nested);
    const file = concat(ftyp(), box('moov', concat(mvhd(), nested)));
    const output = await cleanedBytes(file);
    expect(contains(output, CANARY_PLACE)).toBe(false);
    const { findings } = await inspect(blobOf(file));
    expect(findings).toContainEqual(
      expect.objectContaining({ label: 'udta', value: 'unreadable' }),
    );
  });

  it('endless nesting inside a HEIF item list is not followed', async () => {
    let nested = box('infe');
    for (let i = 0; i < 10_000; i++)
      nested = box('iinf', concat(new Uint8Array(6), nested));
    const hdlr = box(
      'hdlr',
      concat(new Uint8Array(8), Buffer.from('pict'), new Uint8Array(13)),
    );
    const meta = box('meta', concat(new Uint8Array(4), hdlr, nested));
    expect(await errorCode(concat(ftyp('heic', 'mif1', 'heic'), meta))).toMatch(
      /^(none|corrupt)$/,
    );
  });

  it('hundreds of thousands of tiny top-level boxes are walked in a few reads', async () => {
    const count = 200_000;
    const head = ftyp();
    const file = new Uint8Array(head.length + count * 8);
    file.set(head);
    const tiny = box('free');
    for (let i = 0; i < count; i++) file.set(tiny, head.length + i * 8);
    expect(await errorCode(file)).toBe('none');
  });

  it('a HEIF item whose extent runs past the file', async () => {
    const hdlr = box(
      'hdlr',
      concat(new Uint8Array(8), Buffer.from('pict'), new Uint8Array(13)),
    );
    const infe = box(
      'infe',
      concat(
        Uint8Array.of(2, 0, 0, 0, 0, 1, 0, 0),
        Buffer.from('Exif'),
        Uint8Array.of(0),
      ),
    );
    const iinf = box(
      'iinf',
      concat(new Uint8Array(4), Uint8Array.of(0, 1), infe),
    );
    const iloc = box(
      'iloc',
      concat(
        new Uint8Array(4),
        Uint8Array.of(0x44, 0x00, 0, 1, 0, 1, 0, 0, 0, 1),
        u32(1_000_000),
        u32(10),
      ),
    );
    const meta = box('meta', concat(new Uint8Array(4), hdlr, iinf, iloc));
    expect(await errorCode(concat(ftyp('heic', 'mif1', 'heic'), meta))).toBe(
      'corrupt',
    );
  });

  itCorpus(
    'random bytes behind a valid header, or a mutated real file, never escape as untyped',
    async () => {
      const real = new Uint8Array(
        readFileSync(corpusFile('mat2', 'dirty.mp4')),
      );
      const moovStart = Buffer.from(real).indexOf('moov') - 4;
      await fc.assert(
        fc.asyncProperty(
          fc.uint8Array({ minLength: 0, maxLength: 512 }),
          fc.array(fc.tuple(fc.nat(4000), fc.nat(255)), { maxLength: 8 }),
          async (noise, flips) => {
            expect(await errorCode(concat(ftyp(), noise))).not.toMatch(
              /^untyped/,
            );
            const mutated = real.slice();
            for (const [at, value] of flips) mutated[moovStart + at] = value;
            expect(await errorCode(mutated)).not.toMatch(/^untyped/);
          },
        ),
        { numRuns: 60 },
      );
    },
  );
});

describe('box headers', () => {
  it('reads a 64-bit size beyond 4 GB as a plain number', () => {
    const header = new Uint8Array(16);
    const view = new DataView(header.buffer);
    view.setUint32(0, 1);
    header.set(Buffer.from('mdat'), 4);
    view.setBigUint64(8, 5n * 2n ** 30n);
    const parsed = parseBoxHeader(header, 0, 100, 100 + 6 * 2 ** 30);
    expect(parsed).toMatchObject({
      type: 'mdat',
      payload: 116,
      end: 100 + 5 * 2 ** 30,
    });
  });
});
