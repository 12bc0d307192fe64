import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { EngineError } from '../../../workers/engine/errors';
import { ODF_NS, ODF_META } from '../../helpers/odf-fixtures';
import { blobOf } from '../../helpers/video-tools';

/** The typed error a clean of `text` ends in. */
async function refusal(text: string): Promise<EngineError> {
  try {
    await cleanPlan(blobOf(strToU8(text)));
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
  throw new Error('cleaned');
}

describe('an XML file that is not an SVG picture is refused for what it is', () => {
  it('a flat OpenDocument file is named, with what to do', async () => {
    // A prefix of another name than LibreOffice's: the namespace decides.
    const flat = `<?xml version="1.0" encoding="UTF-8"?><o:document ${ODF_NS.replace('xmlns:office=', 'xmlns:o=')} o:version="1.3" o:mimetype="application/vnd.oasis.opendocument.text">${ODF_META.replace(/office:meta/g, 'o:meta')}<o:body/></o:document>`;
    const error = await refusal(flat);
    expect(error.code).toBe('unsupported');
    expect(error.detail).toMatch(/flat OpenDocument/);
    expect(error.detail).toMatch(/\.odt/);
    // Each flat kind it names (.fodg, a drawing, among them) has a packaged one to save as.
    expect(error.detail).toMatch(/\.fodg/);
    expect(error.detail).toMatch(/\.odg/);
    expect(error.detail).not.toMatch(/svg/i);
  });

  it('any other XML file is named by its root element', async () => {
    const error = await refusal('<?xml version="1.0"?><office:document/>');
    expect(error.code).toBe('unsupported');
    expect(error.detail).toBe(
      'an XML file whose root element is <office:document>, not an SVG picture',
    );
  });
});
