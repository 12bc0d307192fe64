// A PowerPoint comment's text is its CString of instance 1 ([MS-PPT] 2.4.23); a CString at an
// instance the container does not list still travels with the file, and is emptied as text.
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { planBytes } from '../../../workers/engine/output-plan';
import { writeCfb } from '../../helpers/cfb-writer';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  LEGACY_COMMENT_CANARY,
  LEGACY_COMMENT_TEXT,
  legacyOfficeFile,
  oleStreams,
} from '../../helpers/legacy-office-fixtures';

const SOFFICE_TEST_MS = 600_000;
const RT_CSTRING = 0x0fba;
const RECORD_HEADER_BYTES = 8;
/** recVer 0 and recInstance 3, which 2.4.23 gives no CString of a comment. */
const UNLISTED_INSTANCE = 3 << 4;

describe('a PowerPoint comment whose text CString has an unlisted instance', () => {
  const dir = tempDir('legacy-ppt-comments');
  let input: Uint8Array;
  beforeAll(() => {
    const path = legacyOfficeFile(dir, 'ppt');
    const streams = oleStreams(path);
    const doc = Buffer.from(streams.get('PowerPoint Document')!);
    const text = doc.indexOf(Buffer.from(LEGACY_COMMENT_TEXT, 'utf16le'));
    const head = text - RECORD_HEADER_BYTES;
    if (text < 0 || doc.readUInt16LE(head + 2) !== RT_CSTRING)
      throw new Error('fixture: no comment text CString');
    doc.writeUInt16LE(UNLISTED_INSTANCE, head);
    streams.set('PowerPoint Document', doc);
    input = writeCfb(
      [...streams].map(([name, data]) => ({ path: name.split('/'), data })),
    ).bytes;
  }, SOFFICE_TEST_MS);

  it('has its text emptied and reported', async () => {
    const result = await cleanPlan(
      new Blob([input as Uint8Array<ArrayBuffer>]),
    );
    const output = await planBytes(input, result.plan);
    expectNoLeaks(input, output, [LEGACY_COMMENT_CANARY]);
    expect(result.removed.map((f) => `${f.field}=${f.value ?? ''}`)).toContain(
      `content.emptied-comment=${LEGACY_COMMENT_TEXT}`,
    );
  });
});
