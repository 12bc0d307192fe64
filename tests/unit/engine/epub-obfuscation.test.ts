import { createHash } from 'node:crypto';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, isEngineError } from '../../../workers/engine';
import { planBytes } from '../../../workers/engine/output-plan';
import { sfntFont } from '../../helpers/document-metafile-fixtures';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { gpsJpeg } from '../../helpers/office-fixtures';
import { syntheticEpub } from '../../helpers/odf-fixtures';

/**
 * Obfuscated fonts in an EPUB (EPUB 3.3 OCF, resource obfuscation, and Adobe's scheme): the book
 * is cleaned, not refused. Each font is restored with the key of the identifier the book has and
 * obfuscated again with the key of the fresh identifier its copy gets, so a reader restores it.
 * The keys are made here with node's SHA-1, independently of the engine.
 */
const IDPF = 'http://www.idpf.org/2008/embedding';
const ADOBE = 'http://ns.adobe.com/pdf/enc#RC';
const IDPF_BYTES = 1040;
const ADOBE_BYTES = 1024;
/** Large enough that the whole obfuscated head lies inside the font. */
const FONT = sfntFont(600);
const BOOK_UUID = 'urn:uuid:0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
const UID = /<dc:identifier id="uid">([^<]*)</;

const xorHead = (bytes: Uint8Array, key: Uint8Array, count: number) => {
  const out = bytes.slice();
  for (let i = 0; i < count; i++) out[i]! ^= key[i % key.length]!;
  return out;
};
const idpfKey = (id: string) =>
  new Uint8Array(createHash('sha1').update(id.replace(/\s/g, '')).digest());
const adobeKey = (id: string) =>
  new Uint8Array(Buffer.from(id.replace(/^urn:uuid:|-/g, ''), 'hex'));

const encryptionXml = (entries: [uri: string, algorithm: string][]) =>
  strToU8(
    `<?xml version="1.0"?><encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">${entries
      .map(
        ([uri, algorithm]) =>
          `<enc:EncryptedData><enc:EncryptionMethod Algorithm="${algorithm}"/><enc:CipherData><enc:CipherReference URI="${uri}"/></enc:CipherData></enc:EncryptedData>`,
      )
      .join('')}</encryption>`,
  );

/** syntheticEpub with a UUID identifier and `fonts` listed in its manifest. */
function bookWith(
  jpeg: Uint8Array,
  fonts: Record<string, Uint8Array>,
  encryption: Uint8Array,
): Uint8Array {
  const files = unzipSync(
    syntheticEpub(jpeg, { 'META-INF/encryption.xml': encryption }),
  );
  const items = Object.keys(fonts)
    .map(
      (name, i) =>
        `<item id="font${i}" href="fonts/${name}" media-type="font/ttf"/>`,
    )
    .join('');
  files['OEBPS/content.opf'] = strToU8(
    strFromU8(files['OEBPS/content.opf']!)
      .replace(UID, `<dc:identifier id="uid">${BOOK_UUID}<`)
      .replace('</manifest>', `${items}</manifest>`),
  );
  for (const [name, bytes] of Object.entries(fonts))
    files[`OEBPS/fonts/${name}`] = new Uint8Array(bytes);
  return zipSync(files);
}

async function cleaned(input: Uint8Array) {
  const result = await cleanPlan(new Blob([input as Uint8Array<ArrayBuffer>]));
  const output = await planBytes(input, result.plan);
  const files = unzipSync(output);
  const id = UID.exec(strFromU8(files['OEBPS/content.opf']!))?.[1] ?? '';
  return { result, output, files, id };
}

describe('epub: obfuscated fonts', () => {
  let jpeg: Uint8Array;
  beforeAll(() => {
    jpeg = gpsJpeg(tempDir('epub-obfuscation'));
  });

  it('re-keys IDPF and Adobe fonts to the copy identifier', async () => {
    const input = bookWith(
      jpeg,
      {
        'idpf.ttf': xorHead(FONT, idpfKey(BOOK_UUID), IDPF_BYTES),
        'adobe.ttf': xorHead(FONT, adobeKey(BOOK_UUID), ADOBE_BYTES),
      },
      encryptionXml([
        ['OEBPS/fonts/idpf.ttf', IDPF],
        ['OEBPS/fonts/adobe.ttf', ADOBE],
      ]),
    );
    const { output, files, id } = await cleaned(input);
    expect(id).toMatch(/^urn:uuid:/);
    expect(id).not.toBe(BOOK_UUID);
    expect(
      xorHead(files['OEBPS/fonts/idpf.ttf']!, idpfKey(id), IDPF_BYTES),
    ).toEqual(FONT);
    expect(
      xorHead(files['OEBPS/fonts/adobe.ttf']!, adobeKey(id), ADOBE_BYTES),
    ).toEqual(FONT);
    expect(strFromU8(files['META-INF/encryption.xml']!)).toContain(
      'OEBPS/fonts/idpf.ttf',
    );
    expectNoLeaks(input, output, ['CANARY_CREATOR', BOOK_UUID]);
  });

  it('leaves out a listed member that is no font once restored', async () => {
    const input = bookWith(
      jpeg,
      { 'odd.ttf': strToU8('x'.repeat(2 * IDPF_BYTES)) },
      encryptionXml([['OEBPS/fonts/odd.ttf', IDPF]]),
    );
    const { result, files } = await cleaned(input);
    expect(files['OEBPS/fonts/odd.ttf']).toBeUndefined();
    expect(
      result.removed.some((f) => f.location === 'OEBPS/fonts/odd.ttf'),
    ).toBe(true);
  });

  it('refuses an algorithm that is not font obfuscation', async () => {
    const input = bookWith(
      jpeg,
      { 'f.ttf': FONT },
      encryptionXml([
        ['OEBPS/fonts/f.ttf', 'http://www.w3.org/2001/04/xmlenc#aes128-cbc'],
      ]),
    );
    const error = await cleanPlan(
      new Blob([input as Uint8Array<ArrayBuffer>]),
    ).catch((e: unknown) => e);
    expect(isEngineError(error) && error.code).toBe('encrypted');
  });
});
