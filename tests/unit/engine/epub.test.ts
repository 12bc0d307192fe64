import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
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
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { CANARY_GPS } from '../../helpers/image-exif-builder';
import { CORPUS_DIR, corpusFile, describeCorpus } from '../../helpers/corpus';
import { judgeRealDocument } from '../../helpers/real-documents';

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
    expectNoLeaks(input, output, [CANARY, CANARY_GPS]);
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

  it('refuses encrypted resources (a key, an algorithm that is no font obfuscation)', async () => {
    const input = syntheticEpub(jpeg, {
      'META-INF/encryption.xml': strToU8(
        '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#" xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/><ds:KeyInfo><ds:RetrievalMethod URI="#key"/></ds:KeyInfo><enc:CipherData><enc:CipherReference URI="OEBPS/ch1.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>',
      ),
    });
    await expect(cleanPlan(blob(input))).rejects.toMatchObject({
      code: 'encrypted',
    });
  });
});

/** Real files the engine refuses, by name, with the code it gives: a refusal is never a pass. */
const EPUB_REFUSALS: Record<string, string> = {};
/**
 * A published book names its author in its own text (a title page), which cleaning keeps: the
 * book's metadata is judged by what only the package document says.
 */
const EPUB_METADATA_TAGS = new Set([
  'CreatorFile-as',
  'Contributor',
  'Publisher',
  'Generator',
  'ConversionDate',
  'ModifyDate',
]);

describeCorpus('mat2 corpus: EPUB', () => {
  const mat2 = corpusFile('mat2');
  const files = CORPUS_DIR
    ? readdirSync(mat2).filter((f) => f.endsWith('.epub'))
    : [];
  it.each(files)(
    '%s holds none of what exiftool reads of its author, tool and dates, or is a named refusal',
    async (file) => {
      await judgeRealDocument(
        join(mat2, file),
        EPUB_REFUSALS,
        EPUB_METADATA_TAGS,
      );
    },
  );
});
