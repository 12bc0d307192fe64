import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { gpsJpeg } from '../../helpers/office-fixtures';
import { syntheticEpub } from '../../helpers/odf-fixtures';
import { cleaned } from '../../helpers/zip-tools';

const CHAPTER = 'OEBPS/ch1.xhtml';
const PYTHON = '/usr/bin/python3';

/**
 * The synthetic book with its chapter's text edited by Python's zipfile: `before` ahead of the
 * `<title>`, `body` ahead of the first `<p>`, the mimetype stored first as OCF asks.
 */
function bookWith(dir: string, before: string, body: string): Uint8Array {
  const base = join(dir, 'base.epub');
  const out = join(dir, 'book.epub');
  writeFileSync(base, syntheticEpub(gpsJpeg(dir)));
  const script = [
    'import sys, zipfile',
    'src, out, member, before, body = sys.argv[1:]',
    'with zipfile.ZipFile(src) as z, zipfile.ZipFile(out, "w") as w:',
    '    w.writestr("mimetype", z.read("mimetype"), zipfile.ZIP_STORED)',
    '    for n in z.namelist():',
    '        if n == "mimetype": continue',
    '        data = z.read(n)',
    '        if n == member:',
    '            text = data.decode("utf-8").replace("<title>", before + "<title>", 1).replace("<p>", body + "<p>", 1)',
    '            data = text.encode("utf-8")',
    '        w.writestr(n, data, zipfile.ZIP_DEFLATED)',
  ].join('\n');
  execFileSync(PYTHON, ['-c', script, base, out, CHAPTER, before, body]);
  return new Uint8Array(readFileSync(out));
}

/** The chapter as `unzip -p` gives it. */
function chapterOf(dir: string, zip: Uint8Array): string {
  const path = join(dir, 'read.epub');
  writeFileSync(path, zip);
  return execFileSync('unzip', ['-p', path, CHAPTER], { encoding: 'utf8' });
}

/** The attributes of the named elements, as Python's HTML parser reads them, one per line. */
function htmlAttributes(dir: string, xhtml: string, tags: string[]): string {
  const path = join(dir, 'ch1.xhtml');
  writeFileSync(path, xhtml);
  const script = [
    'import sys, html.parser',
    'tags = sys.argv[2].split(",")',
    'class P(html.parser.HTMLParser):',
    '    def handle_starttag(self, tag, attrs):',
    '        if tag in tags: print(tag, dict(attrs))',
    'P().feed(open(sys.argv[1], encoding="utf-8").read())',
  ].join('\n');
  return execFileSync(PYTHON, ['-c', script, path, tags.join(',')], {
    encoding: 'utf8',
  });
}

/** Paths in a plugin's parameters and in lazy loading's data attributes. */
const BODY_CANARIES = {
  CANARY_PARAM_HOME:
    '<object data="movie.swf" type="application/x-shockwave-flash"><param name="src" value="file:///home/CANARY_PARAM_HOME/movie.swf"/></object>',
  CANARY_PARAM_DRIVE:
    '<object data="clip.mp4" type="video/mp4"><param value="C:\\Users\\CANARY_PARAM_DRIVE\\Videos\\clip.mp4"/></object>',
  CANARY_PARAM_FLASHVARS:
    '<object data="p.swf" type="application/x-shockwave-flash"><param name="FlashVars" value="autoplay=1&amp;file=/home/CANARY_PARAM_FLASHVARS/song.mp3"/></object>',
  CANARY_DATA_SRC:
    '<img src="placeholder.png" data-src="file:///C:/Users/CANARY_DATA_SRC/big.png" alt="lazy"/>',
  CANARY_DATA_SRCSET:
    '<img src="placeholder.png" data-srcset="https://example.org/s.png 1x, /Users/CANARY_DATA_SRCSET/pics/s2.png 2x" alt="lazy set"/>',
  CANARY_DATA_ORIGINAL:
    '<img src="placeholder.png" data-original="\\\\fileserver\\CANARY_DATA_ORIGINAL\\art.jpg" alt="lazy original"/>',
};

describe("EPUB: a plugin's parameters and lazy loading's data attributes", () => {
  it("keep only the file name of a path on the author's disk, each reported", async () => {
    const dir = tempDir('epub-param');
    const input = bookWith(dir, '', Object.values(BODY_CANARIES).join(''));
    const canaries = Object.keys(BODY_CANARIES);
    const tags = ['param', 'img'];
    const before = htmlAttributes(dir, chapterOf(dir, input), tags);
    for (const c of canaries) expect(before).toContain(c);

    const { result, output } = await cleaned(input);

    expectNoLeaks(input, output, canaries);
    const after = htmlAttributes(dir, chapterOf(dir, output), tags);
    for (const c of canaries) expect(after).not.toContain(c);
    for (const kept of [
      "{'name': 'src', 'value': 'movie.swf'}",
      "{'value': 'clip.mp4'}",
      "{'name': 'FlashVars', 'value': 'autoplay=1&file=song.mp3'}",
      "'data-src': 'big.png'",
      "'data-srcset': 'https://example.org/s.png 1x, s2.png 2x'",
      "'data-original': 'art.jpg'",
      "'alt': 'lazy original'",
    ])
      expect(after).toContain(kept);
    const said = JSON.stringify(result.removed);
    for (const c of canaries) expect(said).toContain(c);
  });

  it('leave a parameter and a data attribute that name no local place as they were', async () => {
    const dir = tempDir('epub-param-kept');
    const kept =
      '<object data="a.swf" type="application/x-shockwave-flash"><param name="movie" value="a.swf"/><param name="quality" value="high"/></object><img src="p.png" data-src="images/photo.jpg" data-caption="A walk: 10/12" alt=""/>';
    const input = bookWith(dir, '', kept);
    const { output } = await cleaned(input);
    expect(chapterOf(dir, output)).toContain(kept);
  });
});

/** A head written with a prefix bound to XHTML: the same metas and links to a reader. */
const PREFIXED_HEAD =
  '<h:meta xmlns:h="http://www.w3.org/1999/xhtml" name="author" content="CANARY_PREFIXED_AUTHOR"></h:meta><h:link xmlns:h="http://www.w3.org/1999/xhtml" rel="author" href="mailto:CANARY_PREFIXED_LINK@example.org"/><h:meta xmlns:h="http://www.w3.org/1999/xhtml" name="viewport" content="width=600, height=800"/>';

/** The head's metas and links as Python's namespace-aware XML parser reads them. */
function xmlHead(dir: string, xhtml: string): string {
  const path = join(dir, 'ch1.xhtml');
  writeFileSync(path, xhtml);
  const script = [
    'import sys, xml.etree.ElementTree as ET',
    'X = "{http://www.w3.org/1999/xhtml}"',
    'head = ET.parse(sys.argv[1]).getroot().find(X + "head")',
    'for el in head:',
    '    if el.tag in (X + "meta", X + "link"): print(el.tag[len(X):], dict(el.attrib))',
  ].join('\n');
  return execFileSync(PYTHON, ['-c', script, path], { encoding: 'utf8' });
}

describe('EPUB: a meta and a link written with a prefix bound to XHTML', () => {
  it('are judged as the unprefixed ones: the author goes, the viewport stays', async () => {
    const dir = tempDir('epub-prefixed');
    const input = bookWith(dir, PREFIXED_HEAD, '');
    const canaries = ['CANARY_PREFIXED_AUTHOR', 'CANARY_PREFIXED_LINK'];
    const before = xmlHead(dir, chapterOf(dir, input));
    for (const c of canaries) expect(before).toContain(c);

    const { result, output } = await cleaned(input);

    expectNoLeaks(input, output, canaries);
    const after = xmlHead(dir, chapterOf(dir, output));
    for (const c of canaries) expect(after).not.toContain(c);
    expect(after).toContain(
      "meta {'name': 'viewport', 'content': 'width=600, height=800'}",
    );
    const said = JSON.stringify(result.removed);
    for (const c of canaries) expect(said).toContain(c);
    expect(strFromU8(unzipSync(output)[CHAPTER]!)).not.toContain('h:link');
  });
});
