import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { planBytes } from '../../../workers/engine/output-plan';
import { syntheticDocx } from '../../helpers/office-fixtures';

/**
 * Office's own extension vocabularies are content: a picture's SVG form (asvg), a chart's ids
 * (c16) stay where unknown markup goes, and Word 2023's w16du (a tracked change's UTC date) is
 * left out of the known ones on purpose, so its date goes with the other unknown markup.
 */
const ASVG = 'http://schemas.microsoft.com/office/drawing/2016/SVG/main';
const C16 = 'http://schemas.microsoft.com/office/drawing/2014/chart';
const W16DU = 'http://schemas.microsoft.com/office/word/2023/wordml/word16du';
const KEPT_SVG = 'KEPT_SVG_EXTENSION';
const KEPT_CHART = 'KEPT_CHART_ID';
const DATE = '2024-05-06T07:08:09Z';

function withExtensions(): Uint8Array {
  const files = unzipSync(syntheticDocx());
  const xml = strFromU8(files['word/document.xml']!);
  const extensions =
    `<w:p><asvg:svgBlip xmlns:asvg="${ASVG}" asvg:name="${KEPT_SVG}"/>` +
    `<c16:uniqueId xmlns:c16="${C16}" val="${KEPT_CHART}"/></w:p>`;
  files['word/document.xml'] = strToU8(
    xml
      .replace('<w:body>', `<w:body>${extensions}`)
      .replace(
        '<w:ins w:id="1"',
        `<w:ins xmlns:w16du="${W16DU}" w16du:dateUtc="${DATE}" w:id="1"`,
      ),
  );
  return zipSync(files);
}

describe('ooxml: Office extension vocabularies', () => {
  it('keeps SVG and chart extensions as content, and removes a w16du date', async () => {
    const input = withExtensions();
    expect(strFromU8(unzipSync(input)['word/document.xml']!)).toContain(DATE);
    const result = await cleanPlan(
      new Blob([input as Uint8Array<ArrayBuffer>]),
    );
    const out = strFromU8(
      unzipSync(await planBytes(input, result.plan))['word/document.xml']!,
    );
    expect(out).toContain(KEPT_SVG);
    expect(out).toContain(KEPT_CHART);
    expect(out).not.toContain(DATE);
  });
});
