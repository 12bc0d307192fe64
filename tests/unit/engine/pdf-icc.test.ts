// A colour profile embedded in a PDF (an ICCBased colour space, an output intent) kept its words
// with exit 0: a calibration program names a profile after its owner and their screen, and every
// photo format zeroes those words, but the PDF walk copied the profile stream as it was.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import type { Finding } from '../../../workers/engine/findings';
import { materialize } from '../../helpers/zip-tools';
import { iccProfileBytes } from '../../helpers/icc-profile';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  buildPdf,
  pageHashes,
  qpdfCheck,
  run,
  type PdfBody,
} from '../../helpers/pdf-fixtures';

const OWNER = 'CANARY_PDF_ICC_OWNER';
const MAKER = 'CANARY_PDF_ICC_MAKER';
const PROFILE_OBJECT = 6;

/** A page filled through an ICCBased colour space, the profile also the output intent's. */
function profilePdf(profile: Uint8Array): Uint8Array {
  return buildPdf(
    new Map<number, PdfBody>([
      [
        1,
        `<< /Type /Catalog /Pages 2 0 R /OutputIntents [<< /Type /OutputIntent /S /GTS_PDFA1 /OutputConditionIdentifier (Custom) /DestOutputProfile ${PROFILE_OBJECT} 0 R >>] >>`,
      ],
      [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
      [
        3,
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R /Resources << /ColorSpace << /CS0 [/ICCBased ${PROFILE_OBJECT} 0 R] >> >> >>`,
      ],
      [
        4,
        {
          dict: '',
          data: Buffer.from('/CS0 cs 0.2 0.6 0.4 scn 10 10 80 80 re f'),
        },
      ],
      [PROFILE_OBJECT, { dict: '/N 3', data: profile, flate: true }],
    ]),
    '/Root 1 0 R',
  );
}

/** Every stream's data as qpdf decodes it, read by exiftool: the profiles' words, white point. */
function profileWords(path: string, dir: string): string {
  const streams = mkdtempSync(join(dir, 'streams-'));
  execFileSync('qpdf', [
    '--json',
    '--json-stream-data=file',
    `--json-stream-prefix=${join(streams, 's')}`,
    '--decode-level=generalized',
    path,
  ]);
  const files = readdirSync(streams).map((f) => join(streams, f));
  return run('exiftool', [
    '-s3',
    '-ICC_Profile:ProfileDescription',
    '-ICC_Profile:ProfileCopyright',
    '-ICC_Profile:MediaWhitePoint',
    ...files,
  ]);
}

describe('pdf: embedded colour profiles', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('pdf-icc');
  });

  async function cleaned(name: string, input: Uint8Array) {
    const before = join(dir, `${name}.pdf`);
    writeFileSync(before, input);
    const result = await cleanPlan(
      new Blob([input as Uint8Array<ArrayBuffer>]),
    );
    const output = await materialize(input, result.plan);
    const after = join(dir, `${name}-cleaned.pdf`);
    writeFileSync(after, output);
    return { before, after, output, removed: result.removed as Finding[] };
  }

  it('lose the words that name their owner, and draw the page the same', async () => {
    const input = profilePdf(
      iccProfileBytes(`Display of ${OWNER}`, { copyright: `Made by ${MAKER}` }),
    );
    const { before, after, output, removed } = await cleaned('owner', input);
    expect(profileWords(before, dir)).toContain(OWNER);
    expect(profileWords(before, dir)).toContain(MAKER);
    expectNoLeaks(input, output, [OWNER, MAKER]);
    // The profile is still there, its white point read, its words gone.
    expect(profileWords(after, dir)).toContain('0.9642 1 0.8249');
    expect(profileWords(after, dir)).not.toMatch(/CANARY/);
    expect(removed).toContainEqual(
      expect.objectContaining({
        label: 'ICC desc',
        location: `ICC profile (object ${PROFILE_OBJECT})`,
        value: `Display of ${OWNER}`,
      }),
    );
    qpdfCheck(after);
    expect(pageHashes(after, dir, 'after')).toEqual(
      pageHashes(before, dir, 'before'),
    );
  });

  it('keep a standard profile with its words', async () => {
    const input = profilePdf(iccProfileBytes());
    const { after, removed } = await cleaned('standard', input);
    expect(profileWords(after, dir)).toContain('sRGB IEC61966-2.1');
    expect(removed.filter((f) => f.label.startsWith('ICC'))).toEqual([]);
  });
});
