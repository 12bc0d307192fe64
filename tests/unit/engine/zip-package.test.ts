/**
 * The package driver's keep-list, class by class (issue 18): each fixture spells a part, a
 * namespace or a nested file differently from the usual, plants a canary there, checks the canary
 * is in the input with the same reader, then that the clean output holds it in no member (or that
 * the file is refused).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { crc32 } from '../../../workers/engine/shared/crc32';
import {
  METHOD_DEFLATED,
  newMember,
  writeZip,
  type OutMember,
} from '../../../workers/engine/shared/zip';
import { tempDir } from '../../helpers/image-tools';
import {
  gpsJpeg,
  syntheticDocx,
  syntheticXlsx,
} from '../../helpers/office-fixtures';
import { syntheticEpub, syntheticOdp } from '../../helpers/odf-fixtures';
import {
  cleaned,
  hasTool,
  materialize,
  members,
} from '../../helpers/zip-tools';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The members of a package, with some replaced, renamed or added, in the same order otherwise. */
function edit(
  zip: Uint8Array,
  change: (files: Record<string, Uint8Array>) => void,
): Uint8Array {
  const files = unzipSync(zip);
  change(files);
  return zipSync(files);
}

const text = (files: Record<string, Uint8Array>, name: string) =>
  strFromU8(files[name]!);
const rename = (
  files: Record<string, Uint8Array>,
  from: string,
  to: string,
) => {
  files[to] = files[from]!;
  delete files[from];
};

/** Where a canary is: every member inflated (fflate, CRC checked), and the raw bytes. */
function holders(zip: Uint8Array, canary: string): string[] {
  const found = Object.entries(members(zip))
    .filter(([, bytes]) => Buffer.from(bytes).includes(canary))
    .map(([name]) => name);
  if (Buffer.from(zip).includes(canary)) found.push('(raw bytes)');
  return found;
}

/**
 * Asserts the canary is in the input, then that the clean output holds it in no layer. A fixture
 * the keep-list must clean (not refuse) fails if it is refused.
 */
async function expectGone(input: Uint8Array, canary: string): Promise<void> {
  expect(holders(input, canary).length).toBeGreaterThan(0);
  const { output } = await cleaned(input);
  expect(holders(output, canary)).toEqual([]);
}

/** A photo for the fixtures that carry one (OpenDocument, EPUB): made once. */
let photo: Uint8Array;
/** exiftool on a loaded machine can take more than the default hook time. */
const FIXTURE_TIMEOUT = 60_000;
beforeAll(() => {
  photo = gpsJpeg(tempDir('zip-package'));
}, FIXTURE_TIMEOUT);
const odp = () => syntheticOdp(photo);

/** The package relationships with the core properties' target spelled `target`. */
function coreTarget(target: string) {
  return (files: Record<string, Uint8Array>) => {
    files['_rels/.rels'] = strToU8(
      text(files, '_rels/.rels').replace(
        'Target="docProps/core.xml"',
        `Target="${target}"`,
      ),
    );
  };
}

describe('package driver: part names (issue 18)', () => {
  const docx = syntheticDocx();

  it.each([
    './docProps/core.xml',
    '/docProps/../docProps/core.xml',
    'docProps/core%2Exml',
    'docProps/Core.xml',
    'docProps\\core.xml',
  ])('core properties reached as %s lose their author', async (target) => {
    await expectGone(edit(docx, coreTarget(target)), 'CANARY_CORE_CREATOR');
  });

  it('a member named in another case than its relationship target', async () => {
    const input = edit(docx, (f) =>
      rename(f, 'docProps/core.xml', 'DocProps/CORE.XML'),
    );
    await expectGone(input, 'CANARY_CORE_CREATOR');
  });

  it('an orphaned properties part no relationship reaches goes, named', async () => {
    const input = edit(docx, (f) => {
      f['docProps/core2.xml'] = strToU8(
        `${HEAD}<cp:coreProperties xmlns:cp="x"><dc:creator xmlns:dc="y">CANARY_ORPHAN</dc:creator></cp:coreProperties>`,
      );
    });
    await expectGone(input, 'CANARY_ORPHAN');
    const { result } = await cleaned(input);
    expect(result.removed.map((f) => f.location)).toContain(
      'docProps/core2.xml',
    );
  });

  it('a comments part in another case goes with its relationship', async () => {
    const input = edit(docx, (f) => {
      rename(f, 'word/comments.xml', 'word/Comments.xml');
      f['word/_rels/document.xml.rels'] = strToU8(
        text(f, 'word/_rels/document.xml.rels').replace(
          'Target="comments.xml"',
          'Target="COMMENTS.xml"',
        ),
      );
    });
    await expectGone(input, 'CANARY_COMMENT_AUTHOR');
  });

  it('an upper-case workbook part loses its file-sharing user', async () => {
    const input = edit(syntheticXlsx(), (f) => {
      const workbook = text(f, 'xl/workbook.xml').replace(
        /(<workbook[^>]*>)/,
        '$1<fileSharing userName="CANARY_SHARING_USER" readOnlyRecommended="1"/>',
      );
      delete f['xl/workbook.xml'];
      f['XL/Workbook.xml'] = strToU8(workbook);
    });
    await expectGone(input, 'CANARY_SHARING_USER');
  });

  it('a package whose mimetype names a kind its manifest does not is refused', async () => {
    const input = edit(odp(), (f) => {
      f['mimetype'] = strToU8('application/vnd.oasis.opendocument.text');
    });
    await expect(
      cleanPlan(new Blob([input as Uint8Array<ArrayBuffer>])),
    ).rejects.toMatchObject({
      name: 'EngineError',
    });
  });

  it('an Office package behind an OpenDocument mimetype is refused', async () => {
    const input = zipSync({
      mimetype: [
        strToU8('application/vnd.oasis.opendocument.text'),
        { level: 0 },
      ],
      ...unzipSync(docx),
    });
    expect(holders(input, 'CANARY_CORE_CREATOR').length).toBeGreaterThan(0);
    await expect(
      cleanPlan(new Blob([input as Uint8Array<ArrayBuffer>])),
    ).rejects.toMatchObject({ code: 'corrupt' });
  });

  it('OpenDocument settings in another case than the manifest lose the printer', async () => {
    const input = edit(odp(), (f) => rename(f, 'settings.xml', 'settiNgs.xml'));
    await expectGone(input, 'CANARY_PRINTER');
  });

  it.each([
    ['META-INF/manifest.rdf', 'manifest.rdf'],
    ['META-INF/metadata.xml', 'META-INF/metadata.xml'],
  ])('OpenDocument %s goes', async (_label, path) => {
    const input = edit(odp(), (f) => {
      f[path] = strToU8(
        '<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>CANARY_RDF</rdf:Description></rdf:RDF>',
      );
      f['META-INF/manifest.xml'] = strToU8(
        text(f, 'META-INF/manifest.xml').replace(
          '</manifest:manifest>',
          `<manifest:file-entry manifest:full-path="${path}" manifest:media-type="application/rdf+xml"/></manifest:manifest>`,
        ),
      );
    });
    await expectGone(input, 'CANARY_RDF');
  });
});

describe('package driver: EPUB structure (issue 18)', () => {
  it('iTunesMetadata.plist in another case goes', async () => {
    const input = syntheticEpub(photo, {
      'ITunesMetadata.PLIST': strToU8('<plist>CANARY_ITUNES_CASE</plist>'),
    });
    await expectGone(input, 'CANARY_ITUNES_CASE');
  });

  it('a second package document the container does not name goes', async () => {
    const input = edit(syntheticEpub(photo), (f) => {
      f['OEBPS/other.opf'] = strToU8(
        text(f, 'OEBPS/content.opf').replace(
          'CANARY_CREATOR',
          'CANARY_SECOND_OPF',
        ),
      );
    });
    await expectGone(input, 'CANARY_SECOND_OPF');
  });

  it('a linked ONIX record goes, with its manifest item', async () => {
    const input = edit(syntheticEpub(photo), (f) => {
      f['OEBPS/onix.xml'] = strToU8(
        '<ONIXMessage><Contributor>CANARY_ONIX</Contributor></ONIXMessage>',
      );
      f['OEBPS/content.opf'] = strToU8(
        text(f, 'OEBPS/content.opf')
          .replace(
            '</metadata>',
            '<link rel="record" href="onix.xml" media-type="application/xml" properties="onix"/></metadata>',
          )
          .replace(
            '</manifest>',
            '<item id="onix" href="onix.xml" media-type="application/xml"/></manifest>',
          ),
      );
    });
    await expectGone(input, 'CANARY_ONIX');
  });

  it('an .xht content document is cleaned as XHTML, its comments too', async () => {
    const input = edit(syntheticEpub(photo), (f) => {
      rename(f, 'OEBPS/ch1.xhtml', 'OEBPS/ch1.xht');
      f['OEBPS/ch1.xht'] = strToU8(
        text(f, 'OEBPS/ch1.xht').replace(
          '<p>',
          '<!-- CANARY_HTML_COMMENT --><p>',
        ),
      );
      f['OEBPS/content.opf'] = strToU8(
        text(f, 'OEBPS/content.opf').replace('ch1.xhtml', 'ch1.xht'),
      );
    });
    await expectGone(input, 'CANARY_HTML_AUTHOR');
    await expectGone(input, 'CANARY_HTML_COMMENT');
    const out = members((await cleaned(input)).output);
    expect(strFromU8(out['OEBPS/ch1.xht']!)).toContain('The garden was quiet.');
  });

  it('an image typed only by the package document is cleaned by its bytes', async () => {
    const input = edit(syntheticEpub(photo), (f) => {
      rename(f, 'OEBPS/images/photo.jpg', 'OEBPS/images/photo');
      f['OEBPS/content.opf'] = strToU8(
        text(f, 'OEBPS/content.opf').replace(
          'images/photo.jpg',
          'images/photo',
        ),
      );
    });
    await expectGone(input, 'CANARY');
  });
});

/** A Word document whose body, settings and header use `prefix` for WordprocessingML. */
function prefixedDocx(prefix: string): Uint8Array {
  const decl = prefix ? `xmlns:${prefix}="${W}"` : `xmlns="${W}"`;
  const q = (local: string) => (prefix ? `${prefix}:${local}` : local);
  const attr = (local: string) => `${prefix || 'w'}:${local}`;
  const extra = prefix ? '' : ` xmlns:w="${W}"`;
  return edit(syntheticDocx(), (f) => {
    f['word/document.xml'] = strToU8(
      `${HEAD}<${q('document')} ${decl}${extra} xmlns:r="${REL}"><${q('body')}><${q('p')} ${attr('rsidR')}="CANARYRSID"><${q('permStart')} ${attr('id')}="1" ${attr('ed')}="CANARY_PERM_EDITOR"/><${q('r')}><${q('t')}>Kept words.</${q('t')}></${q('r')}><${q('ins')} ${attr('id')}="2" ${attr('author')}="CANARY_INS_AUTHOR"><${q('r')}><${q('t')}>Inserted.</${q('t')}></${q('r')}></${q('ins')}><${q('del')} ${attr('id')}="3" ${attr('author')}="CANARY_DEL_AUTHOR"><${q('r')}><${q('delText')}>CANARY_DELETED_WORDS</${q('delText')}></${q('r')}></${q('del')}><!-- CANARY_XML_COMMENT --></${q('p')}></${q('body')}></${q('document')}>`,
    );
    f['word/settings.xml'] = strToU8(
      `${HEAD}<${q('settings')} ${decl}${extra}><${q('rsids')}><${q('rsidRoot')} ${attr('val')}="CANARYROOT"/></${q('rsids')}><${q('docVars')}><${q('docVar')} ${attr('name')}="Owner" ${attr('val')}="CANARY_DOCVAR"/></${q('docVars')}></${q('settings')}>`,
    );
    f['word/header1.xml'] = strToU8(
      `${HEAD}<${q('hdr')} ${decl}${extra}><${q('p')}><${q('fldSimple')} ${attr('instr')}=" FILENAME \\p "><${q('r')}><${q('t')}>C:\\Users\\CANARY_HEADER_USER\\plan.docx</${q('t')}></${q('r')}></${q('fldSimple')}></${q('p')}></${q('hdr')}>`,
    );
  });
}

describe('package driver: namespaces (issue 18)', () => {
  it.each([
    ['another prefix', 'x'],
    ['the default namespace', ''],
  ])(
    'Word under %s: tracked changes, deleted text, rsids, docVars, editors, FILENAME, comments',
    async (_label, prefix) => {
      const input = prefixedDocx(prefix);
      for (const canary of [
        'CANARY_INS_AUTHOR',
        'CANARY_DEL_AUTHOR',
        'CANARY_DELETED_WORDS',
        'CANARYRSID',
        'CANARYROOT',
        'CANARY_DOCVAR',
        'CANARY_PERM_EDITOR',
        'CANARY_HEADER_USER',
        'CANARY_XML_COMMENT',
      ])
        await expectGone(input, canary);
      const out = members((await cleaned(input)).output);
      const doc = strFromU8(out['word/document.xml']!);
      expect(doc).toContain('Kept words.');
      expect(doc).toContain('Inserted.');
      expect(strFromU8(out['word/header1.xml']!)).toContain('plan.docx');
    },
  );

  it('a w: prefix bound to another namespace is not taken for WordprocessingML: it goes as unknown markup', async () => {
    const input = edit(syntheticDocx(), (f) => {
      f['word/document.xml'] = strToU8(
        text(f, 'word/document.xml').replace(
          '<w:body>',
          '<w:body><w:del xmlns:w="urn:other" w:author="CANARY_OTHER_VOCABULARY"><w:t>Other vocabulary.</w:t></w:del>',
        ),
      );
    });
    await expectGone(input, 'CANARY_OTHER_VOCABULARY');
    const { result, output } = await cleaned(input);
    expect(strFromU8(members(output)['word/document.xml']!)).not.toContain(
      'Other vocabulary.',
    );
    const unknown = result.removed.find(
      (f) => f.label === 'elements in unknown namespaces',
    );
    expect(unknown?.location).toBe('word/document.xml');
    // Not read as a tracked deletion: that would report its author.
    expect(JSON.stringify(result.removed)).not.toContain(
      'CANARY_OTHER_VOCABULARY',
    );
  });

  it('SpreadsheetML under a prefix: the file-sharing user goes', async () => {
    const input = edit(syntheticXlsx(), (f) => {
      f['xl/workbook.xml'] = strToU8(
        `${HEAD}<s:workbook xmlns:s="${S}" xmlns:r="${REL}"><s:fileSharing s:readOnlyRecommended="1" userName="CANARY_PREFIXED_SHARING"/><s:sheets><s:sheet name="Sheet1" sheetId="1" r:id="rId1"/></s:sheets></s:workbook>`,
      );
    });
    await expectGone(input, 'CANARY_PREFIXED_SHARING');
  });

  it.each([
    ['another prefix', 'o', 'm', 'd', 'c'],
    ['default namespaces', '', '', '', ''],
  ])(
    'OpenDocument under %s: meta, annotation authors, printer names',
    async (_label, o, m, d, c) => {
      const OFFICE = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';
      const META = 'urn:oasis:names:tc:opendocument:xmlns:meta:1.0';
      const CONFIG = 'urn:oasis:names:tc:opendocument:xmlns:config:1.0';
      const DC = 'http://purl.org/dc/elements/1.1/';
      const n = (p: string, local: string) => (p ? `${p}:${local}` : local);
      const ns = (p: string, uri: string) =>
        p ? `xmlns:${p}="${uri}"` : `xmlns="${uri}"`;
      const input = edit(odp(), (f) => {
        f['meta.xml'] = strToU8(
          `<?xml version="1.0" encoding="UTF-8"?><${n(o, 'document-meta')} ${ns(o, OFFICE)}><${n(o, 'meta')}><${n(m, 'initial-creator')} ${ns(m, META)}>CANARY_META_CREATOR</${n(m, 'initial-creator')}></${n(o, 'meta')}></${n(o, 'document-meta')}>`,
        );
        f['settings.xml'] = strToU8(
          `<?xml version="1.0" encoding="UTF-8"?><${n(o, 'document-settings')} ${ns(o, OFFICE)}><${n(o, 'settings')}><${n(c, 'config-item-set')} ${ns(c, CONFIG)} ${c || 'cc'}:name="x" ${c ? '' : `xmlns:cc="${CONFIG}"`}><${n(c, 'config-item')} ${c || 'cc'}:name="PrinterName">CANARY_ODF_PRINTER</${n(c, 'config-item')}></${n(c, 'config-item-set')}></${n(o, 'settings')}></${n(o, 'document-settings')}>`,
        );
        f['content.xml'] = strToU8(
          text(f, 'content.xml').replace(
            '<draw:frame>',
            `<officeooo:annotation xmlns:officeooo="http://openoffice.org/2009/office"><${n(d, 'creator')} ${ns(d, DC)}>CANARY_ODP_ANNOTATOR</${n(d, 'creator')}></officeooo:annotation><draw:frame>`,
          ),
        );
      });
      for (const canary of [
        'CANARY_META_CREATOR',
        'CANARY_ODF_PRINTER',
        'CANARY_ODP_ANNOTATOR',
      ])
        await expectGone(input, canary);
    },
  );
});

describe('package driver: nested files, raw copies, paths and text (issue 18)', () => {
  it.skipIf(!hasTool('exiftool'))(
    'a photo named without an extension and typed by an Override is cleaned by its bytes',
    async () => {
      const input = edit(syntheticDocx({ jpeg: photo }), (f) => {
        rename(f, 'word/media/image1.jpg', 'word/media/image1');
        f['word/_rels/document.xml.rels'] = strToU8(
          text(f, 'word/_rels/document.xml.rels').replace(
            'media/image1.jpg',
            'media/image1',
          ),
        );
        f['[Content_Types].xml'] = strToU8(
          text(f, '[Content_Types].xml').replace(
            '</Types>',
            '<Override PartName="/word/media/image1" ContentType="image/jpeg"/></Types>',
          ),
        );
      });
      const dir = tempDir('zip-package-exif');
      const gps = (bytes: Uint8Array, name: string) => {
        const path = join(dir, name);
        writeFileSync(path, bytes);
        return execFileSync('exiftool', ['-s', '-GPS:all', path], {
          encoding: 'utf8',
        });
      };
      expect(gps(members(input)['word/media/image1']!, 'in.jpg')).toMatch(
        /GPSLatitude/,
      );
      const out = members((await cleaned(input)).output);
      expect(gps(out['word/media/image1']!, 'out.jpg')).not.toMatch(
        /GPSLatitude/,
      );
    },
  );

  it('bytes after a deflate stream, inside its compressed size, are not copied', async () => {
    const files = unzipSync(syntheticDocx());
    const list: OutMember[] = Object.entries(files).map(([name, bytes]) => {
      if (name !== 'word/header1.xml') return newMember(name, bytes);
      const stream = deflateSync(bytes);
      const trailing = strToU8('CANARY_AFTER_THE_STREAM');
      const data = new Uint8Array(stream.length + trailing.length);
      data.set(stream);
      data.set(trailing, stream.length);
      return {
        name,
        method: METHOD_DEFLATED,
        crc32: crc32(bytes),
        uncompressedSize: bytes.length,
        data: [{ kind: 'bytes', data }],
      };
    });
    const input = await materialize(new Uint8Array(0), writeZip(list));
    expect(Buffer.from(input).includes('CANARY_AFTER_THE_STREAM')).toBe(true);
    const { output } = await cleaned(input);
    expect(Buffer.from(output).includes('CANARY_AFTER_THE_STREAM')).toBe(false);
    expect(Object.keys(members(output))).toContain('word/header1.xml');
  });

  it('a path spelled with character references keeps only its file name', async () => {
    const input = edit(syntheticDocx(), (f) => {
      f['word/header1.xml'] = strToU8(
        `${HEAD}<w:hdr xmlns:w="${W}"><w:p><w:fldSimple w:instr=" FILENAME \\p "><w:r><w:t>C:\\Users\\CANARY_J&#246;rg\\Documents\\plan.docx</w:t></w:r></w:fldSimple></w:p></w:hdr>`,
      );
    });
    await expectGone(input, 'CANARY_J');
    const out = members((await cleaned(input)).output);
    expect(strFromU8(out['word/header1.xml']!)).toContain('plan.docx');
  });

  it('an OpenDocument linked picture on the author disk keeps only its file name', async () => {
    const input = edit(odp(), (f) => {
      f['content.xml'] = strToU8(
        text(f, 'content.xml').replace(
          'xlink:href="Pictures/photo.jpg"',
          'xlink:href="file:///home/CANARY_LINK_HOME/Pictures/photo.jpg"',
        ),
      );
    });
    await expectGone(input, 'CANARY_LINK_HOME');
  });

  it('an ISO-8859-1 part that gets an edit keeps its encoding and its letters', async () => {
    const latin1 = (s: string) =>
      Uint8Array.from([...s].map((c) => c.charCodeAt(0)));
    const input = edit(syntheticDocx(), (f) => {
      f['word/numbering.xml'] = latin1(
        `<?xml version="1.0" encoding="ISO-8859-1"?><w:numbering xmlns:w="${W}"><w:abstractNum w:abstractNumId="0"><w:nsid w:val="CANARYNSID"/><w:name w:val="Liste für Jörg, señora"/></w:abstractNum></w:numbering>`,
      );
    });
    await expectGone(input, 'CANARYNSID');
    const out = members((await cleaned(input)).output)['word/numbering.xml']!;
    expect(
      Buffer.from(out).includes(Buffer.from(latin1('für Jörg, señora'))),
    ).toBe(true);
    expect(Buffer.from(out).includes(Buffer.from('\uFFFD'))).toBe(false);
  });

  it('a WPS Office package with backslash separators is cleaned; a real ..\\ is refused', async () => {
    const files = unzipSync(syntheticDocx());
    const list = Object.entries(files).map(([name, bytes]) =>
      newMember(name.replace(/\//g, '\\'), bytes),
    );
    const input = await materialize(new Uint8Array(0), writeZip(list));
    const { output } = await cleaned(input);
    expect(Object.keys(members(output))).toContain('word/document.xml');
    expect(holders(output, 'CANARY_CORE_CREATOR')).toEqual([]);
    const escape = await materialize(
      new Uint8Array(0),
      writeZip([...list, newMember('..\\evil.xml', strToU8('<a/>'))]),
    );
    await expect(
      cleanPlan(new Blob([escape as Uint8Array<ArrayBuffer>])),
    ).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  it('an unknown member and an unknown part type go from every format, named', async () => {
    const docx = edit(syntheticDocx(), (f) => {
      f['word/unknown.bin'] = strToU8('CANARY_UNKNOWN_MEMBER');
    });
    await expectGone(docx, 'CANARY_UNKNOWN_MEMBER');
    const presentation = edit(odp(), (f) => {
      f['extra/unknown.txt'] = strToU8('CANARY_UNKNOWN_MEMBER');
    });
    await expectGone(presentation, 'CANARY_UNKNOWN_MEMBER');
    const epub = syntheticEpub(photo, {
      'OEBPS/unknown.txt': strToU8('CANARY_UNKNOWN_MEMBER'),
    });
    await expectGone(epub, 'CANARY_UNKNOWN_MEMBER');
  });
});
