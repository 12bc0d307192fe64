import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { EngineError } from '../../../workers/engine/errors';
import { identifyingTags } from '../../helpers/exiftool';
import { tempDir } from '../../helpers/image-tools';
import { CANARY, deepFind, gpsJpeg } from '../../helpers/office-fixtures';
import { EPUB_TITLE, syntheticEpub } from '../../helpers/odf-fixtures';
import {
  cleaned,
  hasTool,
  memberOrder,
  unzipTest,
} from '../../helpers/zip-tools';

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);
const text = (zip: Uint8Array, name: string) =>
  new TextDecoder().decode(unzipSync(zip)[name]);

const UUID =
  /urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/;

describe('EPUB', () => {
  let dir: string;
  let jpeg: Uint8Array;
  beforeAll(() => {
    dir = tempDir('epub');
    jpeg = gpsJpeg(dir);
  });

  it('leaves no person, date, tool or identifier, nor reading apps files', async () => {
    const input = syntheticEpub(jpeg);
    expect(deepFind(input, CANARY).length).toBeGreaterThanOrEqual(6);
    const { result, output } = await cleaned(input);
    expect(result.format.id).toBe('epub');
    expect(deepFind(output, CANARY)).toEqual([]);
    expect(memberOrder(output)[0]).toBe('mimetype');
    expect(Object.keys(unzipSync(output))).not.toContain(
      'iTunesMetadata.plist',
    );
    if (hasTool('unzip')) unzipTest(output);
    const path = join(dir, 'cleaned-photo.jpg');
    writeFileSync(path, unzipSync(output)['OEBPS/images/photo.jpg']!);
    expect(identifyingTags(path)).toEqual([]);
  });

  it('keeps title, language, cover and charset; a fresh identifier shared by the OPF and the NCX', async () => {
    const { output } = await cleaned(syntheticEpub(jpeg));
    const opf = text(output, 'OEBPS/content.opf');
    expect(opf).toContain(`<dc:title id="t1">${EPUB_TITLE}</dc:title>`);
    expect(opf).toContain(
      '<meta refines="#t1" property="title-type">main</meta>',
    );
    expect(opf).toContain('<dc:language>en</dc:language>');
    expect(opf).toContain('<meta name="cover" content="cover"/>');
    expect(opf).toContain(
      '<meta property="dcterms:modified">1980-01-01T00:00:00Z</meta>',
    );
    const id = UUID.exec(opf)?.[0];
    expect(id).toBeDefined();
    expect(text(output, 'OEBPS/toc.ncx')).toContain(`content="${id}"`);
    expect(text(output, 'OEBPS/ch1.xhtml')).toContain(
      '<meta charset="utf-8"/>',
    );
    const again = await cleaned(syntheticEpub(jpeg));
    expect(text(again.output, 'OEBPS/content.opf')).not.toContain(id);
  });

  it('refuses obfuscated fonts, which are keyed to the identifier', async () => {
    const input = syntheticEpub(jpeg, {
      'META-INF/encryption.xml': strToU8('<encryption/>'),
    });
    await expect(cleanPlan(blob(input))).rejects.toMatchObject({
      code: 'encrypted',
    });
  });
});

describe.skipIf(!process.env.METACLEAN_CORPUS)('mat2 corpus: EPUB', () => {
  const mat2 = join(process.env.METACLEAN_CORPUS ?? '', 'mat2');
  const files = process.env.METACLEAN_CORPUS
    ? readdirSync(mat2).filter((f) => f.endsWith('.epub'))
    : [];
  it.each(files)(
    '%s cleans with nothing left or fails closed',
    async (file) => {
      const input = new Uint8Array(readFileSync(join(mat2, file)));
      const outcome = await cleaned(input).catch((e: unknown) => e);
      if (outcome instanceof EngineError) {
        expect(['corrupt', 'unsupported', 'encrypted']).toContain(outcome.code);
        return;
      }
      const { output } = outcome as { output: Uint8Array };
      expect((await cleanPlan(blob(output))).removed).toEqual([]);
      if (hasTool('unzip')) unzipTest(output);
    },
  );
});
