/**
 * Dictionaries of no kind the keep-list knows: a string under a key no dictionary of ISO 32000-2
 * defines goes, every string of a dictionary reached through such a key goes, and a stream of no
 * known kind reached that way fails the file.
 */
import { describe, expect, it } from 'vitest';
import { cleanPlan, isEngineError } from '../../../workers/engine';
import type { Finding } from '../../../workers/engine';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { buildPdf, type PdfBody } from '../../helpers/pdf-fixtures';
import { blobOf } from '../../helpers/video-tools';
import { materialize } from '../../helpers/zip-tools';

async function cleaned(
  input: Uint8Array,
): Promise<{ output: Uint8Array; removed: Finding[] }> {
  const result = await cleanPlan(blobOf(input));
  return {
    output: await materialize(input, result.plan),
    removed: result.removed,
  };
}

/** A one-page PDF with catalog entries, page resources and `extra` objects. */
function pagePdf(
  catalog: string,
  resources: string,
  extra: [number, PdfBody][] = [],
): Uint8Array {
  return buildPdf(
    new Map<number, PdfBody>([
      [1, `<< /Type /Catalog /Pages 2 0 R ${catalog} >>`],
      [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
      [
        3,
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R ' +
          `/Resources << /Font << /F1 5 0 R >> ${resources} >> >>`,
      ],
      [
        4,
        {
          dict: '',
          data: Buffer.from(
            '/GS1 gs BT /F1 18 Tf 20 150 Td (Seed words) Tj ET',
          ),
        },
      ],
      [5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
      ...extra,
    ]),
    '/Root 1 0 R',
  );
}

const text = (output: Uint8Array) => Buffer.from(output).toString('latin1');

describe('pdf: dictionaries of no kept kind', () => {
  it('removes a string under a key no dictionary defines, and keeps the strings the standard defines', async () => {
    const canaries = [
      'CANARY_UNKNOWN_GS',
      'CANARY_UNKNOWN_LABEL',
      'CANARY_UNKNOWN_CREATOR',
    ];
    const input = pagePdf(
      '/PageLabels << /Nums [0 << /S /D /P (Part-) /MyLabel (CANARY_UNKNOWN_LABEL) >>] >>',
      '/ExtGState << /GS1 << /Type /ExtGState /CA 1 /MyNote (CANARY_UNKNOWN_GS) /Creator (CANARY_UNKNOWN_CREATOR) >> >>',
    );
    const { output, removed } = await cleaned(input);
    expectNoLeaks(input, output, canaries);
    // A page label's prefix is defined (ISO 32000-2, 12.4.2) and stays, as does the state.
    expect(text(output)).toContain(
      `/P <${Buffer.from('Part-').toString('hex')}>`,
    );
    expect(text(output)).toContain('/CA 1');
    expect(
      removed
        .filter((f) => f.field === 'document.unknown-key')
        .map((f) => f.label)
        .sort(),
    ).toEqual(['Creator', 'MyLabel', 'MyNote']);
  });

  it('removes every string of what an unknown key reaches, direct or an object of its own', async () => {
    const canaries = [
      'CANARY_REACHED_TITLE',
      'CANARY_REACHED_LIST',
      'CANARY_REACHED_OBJECT',
    ];
    const input = pagePdf(
      '/URI << /Base (https://example.org/) /MyData << /Title (CANARY_REACHED_TITLE) /List [1 (CANARY_REACHED_LIST)] /Size 3 >> /MyRef 6 0 R >>',
      '/ExtGState << /GS1 << /CA 1 >> >>',
      [[6, '(CANARY_REACHED_OBJECT)']],
    );
    const { output } = await cleaned(input);
    expectNoLeaks(input, output, canaries);
    // Structure under the unknown key stays: it is no text.
    expect(text(output)).toContain('/Size 3');
  });

  it('fails closed on a stream of no known kind reached through an unknown key', async () => {
    const input = pagePdf(
      '/URI << /Base (https://example.org/) /MyBlob 6 0 R >>',
      '/ExtGState << /GS1 << /CA 1 >> >>',
      [[6, { dict: '', data: Buffer.from('CN=CANARY_UNKNOWN_STREAM') }]],
    );
    const error = await cleanPlan(blobOf(input)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isEngineError(error) && error.code).toBe('unclean');
  });
});
