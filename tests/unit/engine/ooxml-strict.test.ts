import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { planBytes } from '../../../workers/engine/output-plan';
import { tempDir } from '../../helpers/image-tools';
import {
  gpsJpeg,
  syntheticDocx,
  syntheticXlsx,
} from '../../helpers/office-fixtures';

/**
 * DrawingML's vocabularies are known in both variants: a Strict document's picture and a chart's
 * drawn shapes (chartDrawing) stay, where they went as unknown markup.
 */
const STRICT = 'http://purl.oclc.org/ooxml/';
const T = 'http://schemas.openxmlformats.org/';
const REL = `${T}officeDocument/2006/relationships`;

const unzipPart = (zip: Uint8Array, part: string): string => {
  const path = join(tempDir('ooxml-strict'), 'file.zip');
  writeFileSync(path, zip);
  return execFileSync('unzip', ['-p', path, part], { encoding: 'utf8' });
};

async function cleaned(input: Uint8Array) {
  const result = await cleanPlan(new Blob([input as Uint8Array<ArrayBuffer>]));
  return { result, output: await planBytes(input, result.plan) };
}

/** A Strict Word document (every vocabulary under purl.oclc.org) drawing its picture inline. */
function strictDocx(): Uint8Array {
  const files = unzipSync(
    syntheticDocx({ jpeg: gpsJpeg(tempDir('ooxml-strict-jpeg')) }),
  );
  const picture = `<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="190500" cy="190500"/><wp:docPr id="1" name="Picture 1"/><a:graphic><a:graphicData uri="${STRICT}drawingml/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="0" name="photo.jpg"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rId10"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="190500" cy="190500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
  files['word/document.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="${STRICT}wordprocessingml/main" xmlns:r="${STRICT}officeDocument/relationships" xmlns:wp="${STRICT}drawingml/wordprocessingDrawing" xmlns:a="${STRICT}drawingml/main" xmlns:pic="${STRICT}drawingml/picture" w:conformance="strict"><w:body><w:p><w:r><w:t>Strict words</w:t></w:r></w:p>${picture}<w:sectPr/></w:body></w:document>`,
  );
  return zipSync(files);
}

/** A workbook whose sheet draws a chart with a text box drawn over it (the chart's user shapes). */
function chartWithShapes(chartDrawing: string): Uint8Array {
  const files = unzipSync(syntheticXlsx());
  const text = (name: string) => strFromU8(files[name]!);
  const rels = (target: string, type: string) =>
    strToU8(
      `<Relationships xmlns="${T}package/2006/relationships"><Relationship Id="rId1" Type="${REL}/${type}" Target="${target}"/></Relationships>`,
    );
  files['[Content_Types].xml'] = strToU8(
    text('[Content_Types].xml').replace(
      '</Types>',
      `<Override PartName="/xl/drawings/drawing1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/><Override PartName="/xl/charts/chart1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/><Override PartName="/xl/drawings/drawing2.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chartshapes+xml"/></Types>`,
    ),
  );
  files['xl/worksheets/sheet2.xml'] = strToU8(
    `<worksheet xmlns="${T}spreadsheetml/2006/main" xmlns:r="${REL}"><sheetData/><drawing r:id="rId1"/></worksheet>`,
  );
  files['xl/worksheets/_rels/sheet2.xml.rels'] = rels(
    '../drawings/drawing1.xml',
    'drawing',
  );
  files['xl/drawings/drawing1.xml'] = strToU8(
    `<xdr:wsDr xmlns:xdr="${T}drawingml/2006/spreadsheetDrawing" xmlns:a="${T}drawingml/2006/main"><xdr:twoCellAnchor><xdr:from><xdr:col>0</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>0</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:to><xdr:col>5</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>10</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to><xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="2" name="Chart 1"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr><xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="${T}drawingml/2006/chart"><c:chart xmlns:c="${T}drawingml/2006/chart" xmlns:r="${REL}" r:id="rId1"/></a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>`,
  );
  files['xl/drawings/_rels/drawing1.xml.rels'] = rels(
    '../charts/chart1.xml',
    'chart',
  );
  files['xl/charts/chart1.xml'] = strToU8(
    `<c:chartSpace xmlns:c="${T}drawingml/2006/chart" xmlns:r="${REL}"><c:chart><c:plotArea><c:layout/></c:plotArea></c:chart><c:userShapes r:id="rId1"/></c:chartSpace>`,
  );
  files['xl/charts/_rels/chart1.xml.rels'] = rels(
    '../drawings/drawing2.xml',
    'chartUserShapes',
  );
  files['xl/drawings/drawing2.xml'] = strToU8(chartDrawing);
  return zipSync(files);
}

const BOX_WORDS = 'Words in a box over the chart';
const userShapes = (cdr: string) =>
  `<c:userShapes xmlns:c="${T}drawingml/2006/chart" xmlns:cdr="${cdr}" xmlns:a="${T}drawingml/2006/main"><cdr:relSizeAnchor><cdr:from><cdr:x>0.1</cdr:x><cdr:y>0.1</cdr:y></cdr:from><cdr:to><cdr:x>0.4</cdr:x><cdr:y>0.3</cdr:y></cdr:to><cdr:sp macro="" textlink=""><cdr:nvSpPr><cdr:cNvPr id="2" name="TextBox 1"/><cdr:cNvSpPr txBox="1"/></cdr:nvSpPr><cdr:spPr/><cdr:txBody><a:bodyPr/><a:p><a:r><a:t>${BOX_WORDS}</a:t></a:r></a:p></cdr:txBody></cdr:sp></cdr:relSizeAnchor></c:userShapes>`;

describe('ooxml: DrawingML in both variants', () => {
  it("keeps a Strict document's inline picture", async () => {
    const input = strictDocx();
    expect(unzipPart(input, 'word/document.xml')).toContain('<pic:pic>');
    const { result, output } = await cleaned(input);
    const doc = unzipPart(output, 'word/document.xml');
    expect(doc).toContain('<wp:inline');
    expect(doc).toContain('<pic:pic>');
    expect(doc).toContain('r:embed="rId10"');
    expect(
      result.removed.filter((f) => f.field === 'document.unknown-markup'),
    ).toEqual([]);
  });

  it.each([
    ['Transitional', `${T}drawingml/2006/chartDrawing`],
    ['Strict', `${STRICT}drawingml/chartDrawing`],
  ])(
    'keeps the text box drawn over a chart (%s chartDrawing)',
    async (_variant, cdr) => {
      const input = chartWithShapes(userShapes(cdr));
      expect(unzipPart(input, 'xl/drawings/drawing2.xml')).toContain(BOX_WORDS);
      const { result, output } = await cleaned(input);
      const shapes = unzipPart(output, 'xl/drawings/drawing2.xml');
      expect(shapes).toContain(`<a:t>${BOX_WORDS}</a:t>`);
      expect(shapes).toContain('<cdr:relSizeAnchor>');
      expect(
        result.removed.filter(
          (f) =>
            f.field === 'document.unknown-markup' &&
            f.location.startsWith('xl/drawings/'),
        ),
      ).toEqual([]);
    },
  );
});
