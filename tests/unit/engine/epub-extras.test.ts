import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, type CleanPlanResult } from '../../../workers/engine';
import { writeTaggedAudio } from '../../helpers/audio-tools';
import { exiftoolTags } from '../../helpers/exiftool';
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

const OPF = 'OEBPS/content.opf';
/** EPUB 2 metadata as calibre writes it: file-as and role attributes, calibre as book producer. */
const EPUB2_METADATA =
  '<dc:creator opf:file-as="CANARY_FILE_AS_ATTR" opf:role="aut" id="c2">CANARY_EPUB2_CREATOR</dc:creator><meta refines="#c2" property="role" scheme="marc:relators">aut</meta><meta refines="#c2" property="display-seq">CANARY_REFINES_SEQ</meta><dc:contributor opf:role="bkp">calibre (CANARY_BKP) [https://calibre-ebook.com]</dc:contributor><meta name="calibre:title_sort" content="CANARY_TITLE_SORT"/><meta name="calibre:user_metadata:#owner" content="{&quot;name&quot;: &quot;CANARY_CALIBRE_COLUMN&quot;}"/>';

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

describe('EPUB: what reading apps, systems and tools leave', () => {
  let dir: string;
  let input: Uint8Array;
  let outcome: { result: CleanPlanResult; output: Uint8Array };
  beforeAll(async () => {
    dir = tempDir('epub-extras');
    const jpeg = gpsJpeg(dir);
    const mp3 = join(dir, 'narration.mp3');
    writeTaggedAudio(mp3, ['-c:a', 'libmp3lame', '-write_id3v2', '1']);
    const extra: Zippable = {
      'META-INF/metadata.xml': strToU8(
        '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>CANARY_OCF_METADATA</dc:creator></metadata>',
      ),
      'META-INF/signatures.xml': strToU8(
        '<signatures><Signature><KeyInfo><X509SubjectName>CN=CANARY_SIGNER</X509SubjectName></KeyInfo></Signature></signatures>',
      ),
      'META-INF/rights.xml': strToU8(
        '<adept:rights xmlns:adept="http://ns.adobe.com/adept"><adept:user>urn:uuid:CANARY_ADEPT_USER</adept:user></adept:rights>',
      ),
      'META-INF/com.apple.ibooks.display-options.xml': strToU8(
        '<display_options><platform name="*"><option name="specified-fonts">true</option></platform></display_options>',
      ),
      '.DS_Store': strToU8('Bud1 CANARY_DS_STORE'),
      '__MACOSX/OEBPS/._ch1.xhtml': strToU8(
        'com.apple.metadata:kMDItemWhereFroms CANARY_WHERE_FROM',
      ),
      'OEBPS/images/Thumbs.db': strToU8('CANARY_THUMBS_DB'),
      'OEBPS/audio/narration.mp3': [
        new Uint8Array(readFileSync(mp3)),
        { level: 0 },
      ],
    };
    const files = unzipSync(syntheticEpub(jpeg, extra));
    files[OPF] = strToU8(
      strFromU8(files[OPF]!)
        .replace('</metadata>', `${EPUB2_METADATA}</metadata>`)
        .replace(
          '</manifest>',
          '<item id="narration" href="audio/narration.mp3" media-type="audio/mpeg"/></manifest>',
        ),
    );
    const { mimetype, ...rest } = files;
    input = zipSync({ mimetype: [mimetype!, { level: 0 }], ...rest });
    outcome = await cleaned(input);
  });

  it('had a canary in each planted place', () => {
    for (const c of [
      'CANARY_OCF_METADATA',
      'CANARY_SIGNER',
      'CANARY_ADEPT_USER',
      'CANARY_DS_STORE',
      'CANARY_WHERE_FROM',
      'CANARY_THUMBS_DB',
      'CANARY_FILE_AS_ATTR',
      'CANARY_REFINES_SEQ',
      'CANARY_BKP',
      'CANARY_TITLE_SORT',
      'CANARY_CALIBRE_COLUMN',
    ])
      expect(deepFind(input, c), c).not.toEqual([]);
    expect(deepFind(input, 'CANARY_ARTIST')).toEqual([
      'OEBPS/audio/narration.mp3',
    ]);
  });

  it('leaves none of them, keeps what a reader uses, and says what went', async () => {
    const { result, output } = outcome;
    expectNoLeaks(input, output, [CANARY, CANARY_GPS]);
    const names = Object.keys(unzipSync(output));
    expect(memberOrder(output)[0]).toBe('mimetype');
    expect(names).toContain('META-INF/com.apple.ibooks.display-options.xml');
    expect(names).toContain('OEBPS/audio/narration.mp3');
    expect(
      names.filter((n) =>
        /DS_Store|MACOSX|Thumbs|rights|signatures|META-INF\/metadata/.test(n),
      ),
    ).toEqual([]);
    const opf = strFromU8(unzipSync(output)[OPF]!);
    expect(opf).toContain(EPUB_TITLE);
    expect(opf).toContain('href="audio/narration.mp3"');
    expect(opf).not.toMatch(/refines="#c2"|opf:role|file-as="CANARY/);
    expect(result.removed.map((f) => f.label)).toEqual(
      expect.arrayContaining([
        'signatures.xml',
        'rights.xml',
        '.DS_Store',
        'dc:contributor',
      ]),
    );
    expect((await cleanPlan(blob(output))).removed).toEqual([]);
    if (hasTool('unzip')) unzipTest(output);
  });

  it('cleans a book whose mimetype is not first, writing it first and stored', async () => {
    const { mimetype, ...rest } = unzipSync(
      syntheticEpub(gpsJpeg(dir, 'late.jpg')),
    );
    const late = zipSync({ ...rest, mimetype: mimetype! });
    expect(memberOrder(late).at(-1)).toBe('mimetype');
    const { result, output } = await cleaned(late);
    expect(result.format.id).toBe('epub');
    expect(memberOrder(output)[0]).toBe('mimetype');
    expect(
      new DataView(output.buffer, output.byteOffset).getUint16(8, true),
    ).toBe(0);
    expectNoLeaks(late, output, [CANARY, CANARY_GPS]);
    expect((await cleanPlan(blob(output))).removed).toEqual([]);
  });

  it('cleans the narration as an MP3 of its own, as exiftool reads it', () => {
    const path = join(dir, 'cleaned-narration.mp3');
    writeFileSync(
      path,
      unzipSync(outcome.output)['OEBPS/audio/narration.mp3']!,
    );
    const tags = JSON.stringify(exiftoolTags(path));
    expect(tags).not.toContain(CANARY);
    expect(
      outcome.result.removed.some((f) =>
        f.location.startsWith('OEBPS/audio/narration.mp3 / '),
      ),
    ).toBe(true);
  });
});
