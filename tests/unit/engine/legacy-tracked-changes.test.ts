import { unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, isEngineError } from '../../../workers/engine';
import { pieceRevision } from '../../../workers/engine/formats/legacy-office/piece-revisions';
import {
  revisionIn,
  trackedChange,
  trackedChangesError,
} from '../../../workers/engine/formats/legacy-office/revisions';
import { planBytes } from '../../../workers/engine/output-plan';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks, locateCanaries } from '../../helpers/leak-oracle';
import { syntheticDocx } from '../../helpers/office-fixtures';
import {
  libreOfficeDeletions,
  withPieceProperties,
} from '../../helpers/piece-table-fixtures';
import {
  AUTHOR_CANARY,
  DELETED_CANARY,
  trackedChangeDocs,
  type TrackedKind,
} from '../../helpers/tracked-changes-fixtures';

/** LibreOffice on a loaded machine: three conversions. */
const SOFFICE_TEST_MS = 600_000;
const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

/** The error a clean fails with, or null when it succeeds. */
async function failure(bytes: Uint8Array) {
  try {
    await cleanPlan(blob(bytes));
    return null;
  } catch (error) {
    if (!isEngineError(error)) throw error;
    return error;
  }
}

describe('the refusal of tracked changes, in words', () => {
  it('names the Word 97-2003 file and does not read as a failure of --in-place', () => {
    const { detail } = trackedChangesError('deleted');
    expect(detail).toMatch(
      /^a Word 97-2003 file's tracked changes \(deleted text\)/,
    );
    expect(detail).not.toMatch(/in place/);
  });
});

describe('a Word 97-2003 document with tracked changes', () => {
  let docs: Record<TrackedKind, Uint8Array>;
  beforeAll(() => {
    docs = trackedChangeDocs(tempDir('docrev-tracked'));
  }, SOFFICE_TEST_MS);

  it('is refused, with what to do, when it keeps deleted text', async () => {
    const located = locateCanaries(docs.deleted, [DELETED_CANARY]);
    expect(located[DELETED_CANARY]).not.toEqual([]);

    const error = await failure(docs.deleted);
    expect(error?.code).toBe('tracked-changes');
    expect(error?.detail).toMatch(/deleted text.*accept or reject all changes/);
  });

  it('is refused when it keeps only an insertion, whose mark keeps its date', async () => {
    expect((await failure(docs.inserted))?.code).toBe('tracked-changes');
  });

  it('cleans as before when no change is tracked', async () => {
    const result = await cleanPlan(blob(docs.plain));
    const output = await planBytes(docs.plain, result.plan);
    expectNoLeaks(docs.plain, output, [AUTHOR_CANARY]);
  });

  it('fails a DOCX that embeds it, naming the part', async () => {
    const parts = unzipSync(syntheticDocx());
    const text = (name: string) => new TextDecoder().decode(parts[name]!);
    const encode = (s: string) => new TextEncoder().encode(s);
    const docx = zipSync({
      ...parts,
      '[Content_Types].xml': encode(
        text('[Content_Types].xml').replace(
          '</Types>',
          '<Default Extension="bin" ContentType="application/vnd.openxmlformats-officedocument.oleObject"/></Types>',
        ),
      ),
      'word/_rels/document.xml.rels': encode(
        text('word/_rels/document.xml.rels').replace(
          '</Relationships>',
          '<Relationship Id="rIdOle1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/oleObject" Target="embeddings/oleObject1.bin"/></Relationships>',
        ),
      ),
      'word/embeddings/oleObject1.bin': docs.deleted,
    });

    const error = await failure(docx);
    expect(error?.code).toBe('tracked-changes');
    expect(error?.detail).toContain('word/embeddings/oleObject1.bin');
  });
});

describe('revision marks in a property list', () => {
  const sprms = (...words: number[]) =>
    new Uint8Array(words.flatMap((w) => [w & 0xff, w >> 8]));

  it('finds a deletion after other properties', () => {
    // sprmCFBold on, then sprmCFRMarkDel on.
    const g = new Uint8Array([...sprms(0x0835), 1, ...sprms(0x0800), 1]);
    expect(revisionIn(g)).toBe('deleted');
  });

  it('finds a numbering change, whose mark keeps its author and date', () => {
    // sprmPNumRM: cb 128, then a NumRM whose fNumRM is 0 (the paragraph was not numbered before).
    const numRM = new Uint8Array(1 + 128);
    numRM[0] = 128;
    expect(revisionIn(new Uint8Array([...sprms(0xc645), ...numRM]))).toBe(
      'formatting',
    );
  });

  it('finds a LISTNUM result change only when its flag is on', () => {
    // sprmCDispFldRMark: cb 39, then f.
    const operand = (f: number) => {
      const o = new Uint8Array(1 + 39);
      o[0] = 39;
      o[1] = f;
      return o;
    };
    expect(revisionIn(new Uint8Array([...sprms(0xca62), ...operand(1)]))).toBe(
      'formatting',
    );
    expect(
      revisionIn(new Uint8Array([...sprms(0xca62), ...operand(0)])),
    ).toBeNull();
  });

  it('does not count a revision toggle that is off', () => {
    expect(revisionIn(new Uint8Array([...sprms(0x0800), 0]))).toBeNull();
  });

  it('says a sprm whose operand runs past the list is corrupt', () => {
    // sprmCDttmRMark takes four bytes; two are there.
    const g = new Uint8Array([...sprms(0x6805), 1, 2]);
    expect(() => revisionIn(g)).toThrow(
      expect.objectContaining({ code: 'corrupt' }),
    );
  });
});

describe('revision marks in the FKP pages a bin table names', () => {
  const FKP = 512;
  /** A WordDocument stream of two pages, read from memory. */
  const source = (word: Uint8Array) => ({
    src: {
      size: word.length,
      read: async (at: number, n: number) => word.slice(at, at + n),
      readExact: async (at: number, n: number) => word.slice(at, at + n),
    },
    word: [{ stream: 0, file: 0, length: word.length }],
    wordSize: word.length,
  });
  /** PlcBteChpx for one page at `pn`: two FCs, then the PnFkpChpx. */
  const bins = (pn: number) =>
    new Uint8Array(new Uint32Array([0, 1, pn]).buffer);

  it('finds a deletion in a ChpxFkp run', async () => {
    const word = new Uint8Array(2 * FKP);
    const page = word.subarray(FKP);
    page[FKP - 1] = 1; // crun
    page[8] = 0x80; // rgb[0]: the Chpx at byte 256
    page.set([3, 0x00, 0x08, 1], 256); // cb 3: sprmCFRMarkDel on
    expect(await trackedChange(bins(1), null, source(word))).toBe('deleted');
  });

  it('says a page whose run count is out of range is corrupt', async () => {
    const word = new Uint8Array(2 * FKP);
    word[2 * FKP - 1] = 0xff;
    await expect(trackedChange(bins(1), null, source(word))).rejects.toThrow(
      expect.objectContaining({ code: 'corrupt' }),
    );
  });

  it('says a bin table naming more pages than the stream holds is corrupt', async () => {
    const many = 1000;
    const plc = new Uint8Array((many + 1) * 4 + many * 4);
    await expect(
      trackedChange(plc, null, source(new Uint8Array(2 * FKP))),
    ).rejects.toThrow(expect.objectContaining({ code: 'corrupt' }));
  });

  it('says a page past the stream is corrupt', async () => {
    await expect(
      trackedChange(bins(7), null, source(new Uint8Array(2 * FKP))),
    ).rejects.toThrow(expect.objectContaining({ code: 'corrupt' }));
  });
});

describe('a fast-saved Word 97-2003 document whose piece table marks a deletion', () => {
  /** [MS-DOC] 2.6.1: sprmCFRMarkDel (0x0800) on, and sprmCFBold (0x0835) on. */
  const DELETION = new Uint8Array([0x00, 0x08, 1]);
  const BOLD = new Uint8Array([0x35, 0x08, 1]);
  /** [MS-DOC] 2.9.215 Prm0: isprm 0x41 is sprmCFRMarkDel. */
  const PRM0_DEL = 0x41;
  let docs: Record<'plain' | 'prc' | 'prm0' | 'bold', Uint8Array>;
  let deletions: Record<string, boolean>;
  beforeAll(() => {
    const dir = tempDir('docpiece-tracked');
    const plain = trackedChangeDocs(dir).plain;
    docs = {
      plain,
      prc: withPieceProperties(plain, dir, { grpprl: DELETION }),
      prm0: withPieceProperties(plain, dir, { isprm: PRM0_DEL, val: 1 }),
      bold: withPieceProperties(plain, dir, { grpprl: BOLD }),
    };
    deletions = libreOfficeDeletions(dir, docs);
  }, SOFFICE_TEST_MS);

  it('is refused when a Prc the pieces name marks them deleted', async () => {
    expect(deletions.prc).toBe(true);
    const error = await failure(docs.prc);
    expect(error?.code).toBe('tracked-changes');
    expect(error?.detail).toMatch(/deleted text/);
  });

  it("is refused when each piece's Prm0 holds sprmCFRMarkDel", async () => {
    expect(deletions.prm0).toBe(true);
    const error = await failure(docs.prm0);
    expect(error?.code).toBe('tracked-changes');
    expect(error?.detail).toMatch(/deleted text/);
  });

  it("cleans when the pieces' Prc holds only formatting, and unpatched", async () => {
    expect(deletions.bold).toBe(false);
    expect(deletions.plain).toBe(false);
    for (const doc of [docs.bold, docs.plain]) {
      const result = await cleanPlan(blob(doc));
      expectNoLeaks(doc, await planBytes(doc, result.plan), [AUTHOR_CANARY]);
    }
  });
});

describe('revision marks in a piece table', () => {
  /** A Clx: the Prcs given, then a Pcdt of one piece (two CPs, one Pcd) with `prm`. */
  const clx = (prm: number, ...prcs: Uint8Array[]) => {
    const plc = new Uint8Array(4 * 2 + 8);
    new DataView(plc.buffer).setUint16(8 + 6, prm, true);
    return new Uint8Array([
      ...prcs.flatMap((g) => [1, g.length & 0xff, g.length >> 8, ...g]),
      2,
      plc.length,
      0,
      0,
      0,
      ...plc,
    ]);
  };
  const INSERTION = new Uint8Array([0x01, 0x08, 1]);

  it('finds an insertion through a Prm1 and ignores a Prc no piece names', () => {
    const unused = new Uint8Array([0x00, 0x08, 1]);
    // igrpprl 1: the second Prc.
    expect(pieceRevision(clx((1 << 1) | 1, unused, INSERTION))).toBe(
      'inserted',
    );
    expect(pieceRevision(clx((1 << 1) | 1, INSERTION, unused))).toBe('deleted');
  });

  it('finds sprmCFRMarkIns in a Prm0, and not a mark that is off', () => {
    expect(pieceRevision(clx((1 << 8) | (0x42 << 1)))).toBe('inserted');
    expect(pieceRevision(clx(0x41 << 1))).toBeNull();
  });

  it('says a Prm naming no Prc, or a Clx without its Pcdt, is corrupt', () => {
    const bad = expect.objectContaining({ code: 'corrupt' });
    expect(() => pieceRevision(clx((3 << 1) | 1, INSERTION))).toThrow(bad);
    expect(() => pieceRevision(new Uint8Array([1, 3, 0, 0, 8, 1]))).toThrow(
      bad,
    );
    // cbGrpprl 0xffff: a negative size.
    expect(() => pieceRevision(new Uint8Array([1, 0xff, 0xff]))).toThrow(bad);
  });
});
