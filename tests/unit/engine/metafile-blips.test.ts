/**
 * metafile-blips.ts's own rules, with the nested engine stood in for: a compressed metafile's
 * cleaned bytes are deflated back into the record's old space (cbSave updated, zeros after the
 * stream) and refused when they change size or no longer fit it. The whole path, with the real
 * EMF and WMF modules and readers outside the engine, is legacy-compressed-metafiles.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ByteReader } from '../../../workers/engine/byte-source';
import { finding } from '../../../workers/engine/findings';
import type { AnalysisContext } from '../../../workers/engine/format-module';
import { cleanMetafileBlip } from '../../../workers/engine/formats/legacy-office/metafile-blips';
import { Cleaning } from '../../../workers/engine/formats/legacy-office/storage';
import { MAX_METADATA_BYTES } from '../../../workers/engine/limits';
import { compressedMetafileBlip } from '../../helpers/legacy-ole-fixtures';
import { emfOf } from '../../helpers/metafile-fixtures';

const EMF_BLIP = 0xf01a;
/** The record header and one UID before the OfficeArtMetafileHeader. */
const HEADER_AT = 8 + 16;
const DATA_AT = HEADER_AT + 34;
const EMF = emfOf('CANARYAPP\0\0', []);

function reader(b: Uint8Array): ByteReader {
  const read = (offset: number, length: number) =>
    Promise.resolve(b.subarray(offset, offset + length));
  return { size: b.length, read, readExact: read };
}

/** A nested engine whose clean removes something and gives back `cleaned` of the input. */
const cleaningTo = (cleaned: (input: Uint8Array) => Uint8Array) =>
  ({
    nested: {
      clean: (input: Uint8Array) =>
        Promise.resolve({
          findings: [finding('software.creator', 'program', 'EMF', 'x')],
          bytes: cleaned(input),
        }),
    },
  }) as unknown as AnalysisContext;

/** Runs the blip of EMF through `ctx`: the record after the writes, or the refusal. */
async function clean(ctx: AnalysisContext): Promise<Buffer> {
  const record = Buffer.from(compressedMetafileBlip(EMF));
  const place = {
    reader: reader(record.slice()),
    write: (at: number, data: Uint8Array) => record.set(data, at),
    location: '/Pictures',
    number: 1,
  };
  await cleanMetafileBlip(
    place,
    EMF_BLIP,
    HEADER_AT,
    record.length,
    new Cleaning(),
    ctx,
  );
  return record;
}

describe('a compressed metafile blip cleaned', () => {
  it('is deflated into its old space: cbSave its new stream’s length, zeros after it', async () => {
    const record = await clean(cleaningTo((b) => new Uint8Array(b.length)));
    const cbSave = record.readUInt32LE(HEADER_AT + 28);
    expect(record.readUInt32LE(HEADER_AT)).toBe(EMF.length);
    expect(inflateSync(record.subarray(DATA_AT, DATA_AT + cbSave))).toEqual(
      Buffer.alloc(EMF.length),
    );
    expect(record.subarray(DATA_AT + cbSave).every((x) => x === 0)).toBe(true);
  });

  it('is refused when its stream no longer fits the record', async () => {
    await expect(
      clean(cleaningTo((b) => randomBytes(b.length))),
    ).rejects.toMatchObject({
      code: 'unsupported',
      detail: expect.stringContaining('no longer fits'),
    });
  });

  it('is refused when its module changes its size', async () => {
    await expect(
      clean(cleaningTo((b) => new Uint8Array(b.length - 4))),
    ).rejects.toMatchObject({
      code: 'unsupported',
      detail: expect.stringContaining('changes size'),
    });
  });
});

describe('a stored metafile blip', () => {
  it('larger than a picture the engine reads whole is refused as too large, not as corrupt', async () => {
    const record = Buffer.alloc(DATA_AT);
    // OfficeArtMetafileHeader: cbSave past the limit, compression 0xFE (stored as it is).
    record.writeUInt32LE(MAX_METADATA_BYTES + 1, HEADER_AT + 28);
    record[HEADER_AT + 32] = 0xfe;
    const place = {
      reader: { ...reader(record), size: DATA_AT + MAX_METADATA_BYTES + 1 },
      write: () => undefined,
      location: '/Pictures',
      number: 1,
    };
    await expect(
      cleanMetafileBlip(
        place,
        EMF_BLIP,
        HEADER_AT,
        place.reader.size,
        new Cleaning(),
        cleaningTo((b) => b),
      ),
    ).rejects.toMatchObject({ code: 'too-large' });
  });
});
