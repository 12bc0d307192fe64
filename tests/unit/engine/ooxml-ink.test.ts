import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { planBytes } from '../../../workers/engine/output-plan';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  BODY_TEXT,
  soffice,
  syntheticDocx,
} from '../../helpers/office-fixtures';

/**
 * An ink part (InkML: pen strokes) keeps its strokes; when they were drawn, the pen's maker and
 * model, and annotations go. Before, the whole InkML vocabulary was unknown markup, and the
 * strokes went with it.
 */
const DRAWN_AT = '2013-07-19T08:09:10.111';
const MAKER = 'CANARY_INK_MAKER';
const MODEL = 'CANARY_INK_MODEL';
const SERIAL = 'CANARY_INK_SERIAL';
const SPECIFICATION = 'CANARY_INK_SPECIFICATION';
const NOTE = 'CANARY_INK_ANNOTATION';
const STROKES = '1200 3400, 1210 3420, 1230 3455';
const INK_PART = 'word/ink/ink1.xml';
/** LibreOffice on a loaded machine: one conversion. */
const SOFFICE_TEST_MS = 300_000;

const INK = `<?xml version="1.0" encoding="UTF-8"?><inkml:ink xml:id="0" xmlns:inkml="http://www.w3.org/2003/InkML"><inkml:definitions><inkml:context xml:id="ctx0"><inkml:inkSource xml:id="inkSrc0" manufacturer="${MAKER}" model="${MODEL}" serialNo="${SERIAL}" specificationRef="file:///C:/Users/${SPECIFICATION}/pen.html"><inkml:traceFormat><inkml:channel name="X" type="integer" max="32767" units="cm"/><inkml:channel name="Y" type="integer" max="32767" units="cm"/></inkml:traceFormat></inkml:inkSource><inkml:timestamp xml:id="ts0" timeString="${DRAWN_AT}"/></inkml:context><inkml:brush xml:id="br0"><inkml:brushProperty name="width" value="0.05" units="cm"/></inkml:brush></inkml:definitions><inkml:annotation type="note">${NOTE}</inkml:annotation><inkml:trace contextRef="#ctx0" brushRef="#br0">${STROKES}</inkml:trace></inkml:ink>`;

function withInk(): Uint8Array {
  const files = unzipSync(syntheticDocx());
  const text = (name: string) => strFromU8(files[name]!);
  files['[Content_Types].xml'] = strToU8(
    text('[Content_Types].xml').replace(
      '</Types>',
      `<Override PartName="/${INK_PART}" ContentType="application/inkml+xml"/></Types>`,
    ),
  );
  files['word/_rels/document.xml.rels'] = strToU8(
    text('word/_rels/document.xml.rels').replace(
      '</Relationships>',
      '<Relationship Id="rIdInk" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXml" Target="ink/ink1.xml"/></Relationships>',
    ),
  );
  files[INK_PART] = strToU8(INK);
  return zipSync(files);
}

describe('ooxml: an ink part', () => {
  it(
    'keeps the strokes and loses when and with what they were drawn',
    async () => {
      const input = withInk();
      const result = await cleanPlan(
        new Blob([input as Uint8Array<ArrayBuffer>]),
      );
      const output = await planBytes(input, result.plan);
      expectNoLeaks(input, output, [
        DRAWN_AT,
        MAKER,
        MODEL,
        SERIAL,
        SPECIFICATION,
        NOTE,
      ]);

      const files = unzipSync(output);
      expect(strFromU8(files['word/_rels/document.xml.rels']!)).toContain(
        'Target="ink/ink1.xml"',
      );
      const ink = strFromU8(files[INK_PART]!);
      expect(ink).toContain(`brushRef="#br0">${STROKES}</inkml:trace>`);
      expect(ink).toContain('<inkml:timestamp xml:id="ts0" timeString=');
      expect(ink).toContain('<inkml:brushProperty name="width"');
      expect(result.removed.map((f) => f.field)).toEqual(
        expect.arrayContaining([
          'time.date',
          'device.make',
          'device.model',
          'identifier.serial',
        ]),
      );

      const dir = tempDir('ooxml-ink');
      const docx = join(dir, 'clean.docx');
      writeFileSync(docx, output);
      const [txt] = soffice('txt:Text', [docx], dir);
      expect(readFileSync(txt!, 'utf8')).toContain(BODY_TEXT[0]);
    },
    SOFFICE_TEST_MS,
  );
});
