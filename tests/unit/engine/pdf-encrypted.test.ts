import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, isEngineError } from '../../../workers/engine';
import { convert, exiftoolWrite } from '../../helpers/image-tools';
import {
  buildPdf,
  pdfText,
  qpdfCheck,
  run,
  xmpPacket,
  type PdfBody,
} from '../../helpers/pdf-fixtures';
import { blobOf, cleanFile, tempDir } from '../../helpers/video-tools';

const CANARIES = [
  'CANARY_INFO_AUTHOR',
  'CANARY_PRODUCER',
  'CANARY_XMP_DOC',
  'CANARY_ANNOT_AUTHOR',
  'CANARY_ANNOT_NM',
  'CANARY_IMAGE_ARTIST',
];
const OWNER = 'owner-secret';

let dir = '';
const at = (name: string) => join(dir, name);
const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');
/** A canary is present when its text, or its hex form (strings may be written either way), is. */
const holds = (text: string, canary: string) =>
  text.includes(canary) || text.toLowerCase().includes(hex(canary));

/** A page of text with a photo, a comment, document information and XMP, each with a canary. */
function plainPdf(): Uint8Array {
  convert(['-size', '48x32', 'gradient:red-blue', at('photo.jpg')]);
  exiftoolWrite(at('photo.jpg'), [
    '-Artist=CANARY_IMAGE_ARTIST',
    '-GPSLatitude=48.8584',
    '-GPSLatitudeRef=N',
  ]);
  const photo = readFileSync(at('photo.jpg'));
  return buildPdf(
    new Map<number, PdfBody>([
      [1, '<< /Type /Catalog /Pages 2 0 R /Metadata 7 0 R >>'],
      [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
      [
        3,
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R ' +
          '/Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >> /Annots [8 0 R] >>',
      ],
      [
        4,
        {
          dict: '',
          data: Buffer.from(
            'BT /F1 24 Tf 20 250 Td (Protected but open) Tj ET q 48 0 0 32 50 50 cm /Im1 Do Q',
          ),
          flate: true,
        },
      ],
      [5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
      [
        6,
        {
          dict: '/Type /XObject /Subtype /Image /Width 48 /Height 32 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode',
          data: photo,
        },
      ],
      [
        7,
        {
          dict: '/Type /Metadata /Subtype /XML',
          data: xmpPacket('CANARY_XMP_DOC'),
        },
      ],
      [
        8,
        '<< /Type /Annot /Subtype /Text /Rect [200 200 220 220] /Contents (Please check) ' +
          '/T (CANARY_ANNOT_AUTHOR) /M (D:20200101120000Z) /NM (CANARY_ANNOT_NM) >>',
      ],
      [
        9,
        '<< /Author (CANARY_INFO_AUTHOR) /Producer (CANARY_PRODUCER) /CreationDate (D:20200101000000Z) >>',
      ],
    ]),
    `/Root 1 0 R /Info 9 0 R /ID [<${hex('CANARY_ID_00001')}> <${hex('CANARY_ID_00002')}>]`,
  );
}

/** Every object decrypted (qpdf, with no password), streams inflated, as text to search. */
function decryptedText(path: string): string {
  return run('qpdf', [
    '--decrypt',
    '--qdf',
    '--object-streams=disable',
    path,
    '-',
  ]);
}

const showEncryption = (path: string, password = '') =>
  run('qpdf', [`--password=${password}`, '--show-encryption', path]);

/** qpdf's options for each method (ISO 32000-2, 7.6.4: revisions 2 to 6). */
const METHODS: [string, string, string[]][] = [
  ['RC4-40, revision 2', 'R = 2', ['40', '--print=n']],
  ['RC4-128, revision 3', 'R = 3', ['128', '--print=none', '--extract=n']],
  ['AES-128, revision 4', 'R = 4', ['128', '--use-aes=y', '--modify=none']],
  [
    'AES-128, revision 4',
    'R = 4',
    ['128', '--use-aes=y', '--cleartext-metadata', '--modify=annotate'],
  ],
  ['AES-256, revision 5', 'R = 5', ['256', '--force-R5', '--print=low']],
  ['AES-256, revision 6', 'R = 6', ['256', '--modify=form', '--extract=n']],
];

beforeAll(() => {
  dir = tempDir('metaclean-pdf-encrypted');
  writeFileSync(at('plain.pdf'), plainPdf());
});

describe.each(METHODS)(
  'pdf protected by an owner password: %s',
  (description, revision, options) => {
    const name = `${options.join('')}.pdf`;
    let cleaned = '';
    let kept: string[] = [];

    beforeAll(async () => {
      run('qpdf', [
        '--allow-weak-crypto',
        '--object-streams=generate',
        '--encrypt',
        '',
        OWNER,
        ...options,
        '--',
        at('plain.pdf'),
        at(name),
      ]);
      const { path, result } = await cleanFile(at(name));
      cleaned = path;
      kept = result.kept.map((f) => `${f.label}: ${f.value ?? ''}`);
    });

    it('is encrypted, opens without a password and holds every canary', () => {
      expect(showEncryption(at(name))).toContain(revision);
      expect(showEncryption(at(name))).toContain('User password = \n');
      const text = decryptedText(at(name));
      for (const canary of CANARIES)
        expect(holds(text, canary), canary).toBe(true);
    });

    it('comes out with the same method and permissions, opening without a password', () => {
      expect(qpdfCheck(cleaned)).toContain(
        'No syntax or stream encoding errors',
      );
      expect(showEncryption(cleaned)).toBe(showEncryption(at(name)));
      expect(kept).toContain(`Encrypt: ${description}`);
    });

    it('still gives the owner password its rights', () => {
      expect(showEncryption(cleaned, OWNER)).toContain(
        'Supplied password is owner password',
      );
    });

    it('leaves no canary in any object once decrypted', () => {
      const text = decryptedText(cleaned);
      expect(text).toContain('Protected but open');
      for (const canary of [...CANARIES, 'CANARY_ID_0000'])
        expect(holds(text, canary), canary).toBe(false);
    });

    it('keeps the page text', () => {
      expect(pdfText(cleaned)).toBe(pdfText(at(name)));
      expect(pdfText(cleaned)).toContain('Protected but open');
    });
  },
);

describe('pdf needing a password to open', () => {
  it.each([['40'], ['128', '--use-aes=y'], ['256']])(
    'stays encrypted with a user password (%s)',
    async (...options) => {
      run('qpdf', [
        '--allow-weak-crypto',
        '--encrypt',
        'user-secret',
        OWNER,
        ...options,
        '--',
        at('plain.pdf'),
        at('user.pdf'),
      ]);
      const error = await cleanPlan(blobOf(readFileSync(at('user.pdf')))).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isEngineError(error) && error.code).toBe('encrypted');
    },
  );

  it('stays encrypted under a security handler other than passwords', async () => {
    const bytes = buildPdf(
      new Map<number, PdfBody>([
        [1, '<< /Type /Catalog /Pages 2 0 R >>'],
        [2, '<< /Type /Pages /Kids [] /Count 0 >>'],
        [3, '<< /Filter /Adobe.PubSec /V 4 /R 4 /Recipients [<00>] >>'],
      ]),
      '/Root 1 0 R /Encrypt 3 0 R /ID [<00> <00>]',
    );
    const error = await cleanPlan(blobOf(bytes)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isEngineError(error) && error.code).toBe('encrypted');
  });
});

describe('pdf with a damaged encryption dictionary', () => {
  /** A one-page file whose trailer names encryption dictionary `encrypt`. */
  const encryptedWith = (encrypt: string) =>
    buildPdf(
      new Map<number, PdfBody>([
        [1, '<< /Type /Catalog /Pages 2 0 R >>'],
        [2, '<< /Type /Pages /Kids [] /Count 0 >>'],
        [3, encrypt],
      ]),
      '/Root 1 0 R /Encrypt 3 0 R /ID [<00112233> <00112233>]',
    );
  const codeOf = (bytes: Uint8Array) =>
    cleanPlan(blobOf(bytes)).then(
      () => null,
      (e: unknown) => (isEngineError(e) ? e.code : e),
    );

  it.each([
    [
      'an unknown version',
      '<< /Filter /Standard /V 3 /R 3 /O <00> /U <00> /P -4 >>',
      'unsupported',
    ],
    [
      'a key length that is no whole byte',
      '<< /Filter /Standard /V 2 /R 3 /Length 44 /O <00> /U <00> /P -4 >>',
      'unsupported',
    ],
    [
      'no /O',
      '<< /Filter /Standard /V 2 /R 3 /Length 128 /U <00> /P -4 >>',
      'corrupt',
    ],
    [
      'a short AES-256 /U',
      '<< /Filter /Standard /V 5 /R 6 /O <00> /U <00> /UE <00> /P -4 /StmF /StdCF /StrF /StdCF /CF << /StdCF << /CFM /AESV3 >> >> >>',
      'corrupt',
    ],
    [
      'a /U that the empty password does not match',
      '<< /Filter /Standard /V 2 /R 3 /Length 128 /O <00> /U <00> /P -4 >>',
      'encrypted',
    ],
    [
      'an unknown crypt filter method',
      '<< /Filter /Standard /V 4 /R 4 /O <00> /U <00> /P -4 /StmF /X /StrF /X /CF << /X << /CFM /Other >> >> >>',
      'unsupported',
    ],
  ])('fails with a typed error on %s', async (_what, encrypt, code) => {
    expect(await codeOf(encryptedWith(encrypt))).toBe(code);
  });
});
