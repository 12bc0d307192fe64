import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { FIELDS, isFieldId } from '../../../workers/engine/fields';
import type { Finding } from '../../../workers/engine/findings';
import { inspect, isEngineError } from '../../../workers/engine/index';
import { canaryFixtures } from '../../helpers/canary-fixtures';
import { CORPUS_DIR, itCorpus } from '../../helpers/corpus';
import { legacyOfficeFile } from '../../helpers/legacy-office-fixtures';
import { syntheticEpub, syntheticOdp } from '../../helpers/odf-fixtures';
import {
  gpsJpeg,
  syntheticDocx,
  syntheticPptx,
  syntheticXlsx,
} from '../../helpers/office-fixtures';
import { attachmentsPdf } from '../../helpers/pdf-attachment-fixtures';
import { buildPdf, xmpPacket, type PdfBody } from '../../helpers/pdf-fixtures';
import { tempDir } from '../../helpers/video-tools';
import { hasTool } from '../../helpers/zip-tools';
import pt from '../../../i18n/messages/report/pt.json';

function withoutField(findings: readonly Finding[]): string[] {
  return findings
    .filter((f) => !isFieldId(f.field))
    .map((f) => `${f.category} ${f.label} @ ${f.location}`);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the field vocabulary', () => {
  it('has words for every label in the report messages', () => {
    const messages = pt as Record<string, string>;
    for (const info of Object.values(FIELDS))
      expect(messages[`report.field.${info.label}`], info.label).toBeTypeOf(
        'string',
      );
  });
});

describe('every finding says what it describes', () => {
  it.each(canaryFixtures())('%s', async (_, bytes) => {
    const { findings } = await inspect(
      new Blob([bytes as Uint8Array<ArrayBuffer>]),
    );
    expect(withoutField(findings)).toEqual([]);
  });

  itCorpus(
    'in every file of the corpus',
    async () => {
      for (const path of filesUnder(CORPUS_DIR!)) {
        let result;
        try {
          result = await inspect(new Blob([readFileSync(path)]));
        } catch (error) {
          if (isEngineError(error)) continue;
          throw error;
        }
        expect(withoutField(result.findings), path).toEqual([]);
      }
    },
    300_000,
  );
});

/** A PDF as Photoshop and private tools leave it: Info, XMP, and keys no dictionary defines. */
function privatePdf(): Uint8Array {
  const xmp = xmpPacket('CANARY_XMP');
  return buildPdf(
    new Map<number, PdfBody>([
      [
        1,
        '<< /Type /Catalog /Pages 2 0 R /Metadata 5 0 R /CanaryPrivate (CANARY_PRIVATE) >>',
      ],
      [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
      [
        3,
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] /CanaryPageKey 7 >>',
      ],
      [
        4,
        '<< /Author (Rui Costa) /Creator (Adobe Photoshop CC 2019) /CreationDate (D:20200101000000Z) >>',
      ],
      [5, { dict: '/Type /Metadata /Subtype /XML', data: xmp }],
    ]),
    '/Root 1 0 R /Info 4 0 R',
  );
}

/** The same package with one more member that nothing in its structure reaches. */
function withStrayMember(zip: Uint8Array, name: string): Uint8Array {
  return zipSync({ ...unzipSync(zip), [name]: strToU8('CANARY_STRAY') });
}

describe('every finding of a document says what it describes', () => {
  const dir = tempDir('fields-documents');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const jpeg = gpsJpeg(dir);
  const documents: [string, () => Uint8Array][] = [
    ['a DOCX with a GPS photo inside', () => syntheticDocx({ jpeg })],
    ['an XLSX', syntheticXlsx],
    ['a PPTX', syntheticPptx],
    ['an ODP with a photo', () => syntheticOdp(jpeg)],
    ['an EPUB with a photo', () => syntheticEpub(jpeg)],
    ['a PDF with attachments', attachmentsPdf],
    ['a PDF with private keys', privatePdf],
  ];

  it.each(documents)('%s', async (_, make) => {
    // An attachment the engine cannot clean fails the file unless the person lets it go: then it
    // is a finding too, and must say what it is.
    const { findings } = await inspect(new Blob([make() as BlobPart]), {
      dropUncleanable: true,
    });
    expect(findings.length).toBeGreaterThan(0);
    expect(withoutField(findings)).toEqual([]);
  });

  it('names a part the format does not define by its path', async () => {
    const name = 'word/stray/item3.bin';
    const { findings } = await inspect(
      new Blob([withStrayMember(syntheticDocx({ jpeg }), name) as BlobPart]),
    );
    expect(findings).toContainEqual(
      expect.objectContaining({
        field: 'document.unknown-part',
        location: name,
        value: name,
      }),
    );
  });

  it('names a key the format does not define', async () => {
    const { findings } = await inspect(new Blob([privatePdf() as BlobPart]));
    expect(findings).toContainEqual(
      expect.objectContaining({
        field: 'document.unknown-key',
        value: '/CanaryPrivate: CANARY_PRIVATE',
      }),
    );
  });

  describe.skipIf(!hasTool('soffice'))('legacy Office', () => {
    it.each(['doc', 'xls', 'ppt'] as const)(
      'a .%s made by LibreOffice',
      async (kind) => {
        const bytes = readFileSync(legacyOfficeFile(dir, kind));
        const { findings } = await inspect(new Blob([bytes]));
        expect(findings.length).toBeGreaterThan(0);
        expect(withoutField(findings)).toEqual([]);
      },
      300_000,
    );
  });
});
