import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, isEngineError } from '../../../workers/engine';
import { tempDir } from '../../helpers/image-tools';
import { locateCanaries } from '../../helpers/leak-oracle';
import {
  convert,
  oleStreams,
  streamsWith,
} from '../../helpers/legacy-office-fixtures';

/** LibreOffice on a loaded machine: one conversion. */
const SOFFICE_TEST_MS = 300_000;
const REVISOR = 'CANARY_REVISOR';
const OLD_VALUE = 'CANARY_OLD_VALUE';

/**
 * A spreadsheet whose first cell was changed while changes were recorded: LibreOffice writes its
 * Excel 97-2003 copy with the `Revision Log` (the earlier value, who changed it and when) and
 * `User Names` streams a shared workbook has.
 */
const TRACKED_FODS = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.spreadsheet"><office:body><office:spreadsheet><table:tracked-changes table:track-changes="true"><table:cell-content-change table:id="ct1"><table:cell-address table:column="0" table:row="0" table:table="0"/><office:change-info><dc:creator>${REVISOR}</dc:creator><dc:date>2021-03-04T05:06:07</dc:date></office:change-info><table:previous table:id="ct0"><table:change-track-table-cell office:value-type="string"><text:p>${OLD_VALUE}</text:p></table:change-track-table-cell></table:previous></table:cell-content-change></table:tracked-changes><table:table table:name="Sheet1"><table:table-row><table:table-cell office:value-type="string"><text:p>New value</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet></office:body></office:document>`;

describe('an Excel 97-2003 workbook with a revision log', () => {
  let path: string;
  beforeAll(() => {
    const dir = tempDir('shared-workbook');
    const flat = join(dir, 'tracked.fods');
    writeFileSync(flat, TRACKED_FODS);
    path = convert(dir, 'xls', flat);
  }, SOFFICE_TEST_MS);

  it('is refused as a shared workbook, saying what to do', async () => {
    const bytes = readFileSync(path);
    expect(streamsWith(oleStreams(path), OLD_VALUE)).toEqual(['Revision Log']);
    expect(locateCanaries(bytes, [REVISOR])[REVISOR]).not.toEqual([]);

    const error = await cleanPlan(new Blob([bytes])).then(
      () => null,
      (e: unknown) => (isEngineError(e) ? e : Promise.reject(e)),
    );
    expect(error?.code).toBe('shared-workbook');
    expect(error?.detail).toMatch(
      /stop sharing it and accept or reject all changes/,
    );
  });
});
