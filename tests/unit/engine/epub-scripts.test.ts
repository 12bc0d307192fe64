import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/image-tools';
import { syntheticEpub } from '../../helpers/odf-fixtures';
import { cleaned } from '../../helpers/zip-tools';

/**
 * A book's scripts stay, as an SVG's do, and are listed for review with what they say: a
 * comment naming their writer went out unmentioned.
 */
const INLINE = '// written by CANARY_INLINE_SCRIPT_WRITER';
const MEMBER = '/* by CANARY_SCRIPT_MEMBER_WRITER */ var pages = 1;';
const HANDLER = "turn('CANARY_HANDLER')";

function scriptedEpub(): Uint8Array {
  const files = unzipSync(syntheticEpub(new Uint8Array(0)));
  delete files['OEBPS/images/photo.jpg'];
  const opf = strFromU8(files['OEBPS/content.opf']!)
    .replace(
      '<item id="cover" href="images/photo.jpg" media-type="image/jpeg" properties="cover-image"/>',
      '<item id="js" href="app.js" media-type="application/javascript"/>',
    )
    .replace('<meta name="cover" content="cover"/>', '')
    .replace(
      'media-type="application/xhtml+xml"/>',
      'media-type="application/xhtml+xml" properties="scripted"/>',
    );
  files['OEBPS/content.opf'] = strToU8(opf);
  files['OEBPS/ch1.xhtml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>One</title><script src="app.js"></script><script>${INLINE}\nvar a = 1;</script></head><body onload="${HANDLER}"><p>The garden was quiet.</p></body></html>`,
  );
  files['OEBPS/app.js'] = strToU8(MEMBER);
  return zipSync(files);
}

const unzipPart = (zip: Uint8Array, part: string): string => {
  const path = join(tempDir('epub-scripts'), 'book.epub');
  writeFileSync(path, zip);
  return execFileSync('unzip', ['-p', path, part], { encoding: 'utf8' });
};

describe('EPUB: scripts', () => {
  it('stay, each listed for review with what it says', async () => {
    const input = scriptedEpub();
    expect(unzipPart(input, 'OEBPS/ch1.xhtml')).toContain(INLINE);
    const { result, output } = await cleaned(input);

    expect(unzipPart(output, 'OEBPS/ch1.xhtml')).toContain(INLINE);
    expect(unzipPart(output, 'OEBPS/app.js')).toBe(MEMBER);
    const review = result.kept
      .filter((f) => f.kept === 'review')
      .map((f) => [f.label, f.location, f.value]);
    expect(review).toEqual(
      expect.arrayContaining([
        ['script', 'OEBPS/app.js', 'OEBPS/app.js'],
        ['<script>', 'OEBPS/ch1.xhtml', 'app.js'],
        ['<script>', 'OEBPS/ch1.xhtml', `${INLINE}\nvar a = 1;`],
        ['onload', 'OEBPS/ch1.xhtml', HANDLER],
      ]),
    );
  });
});
