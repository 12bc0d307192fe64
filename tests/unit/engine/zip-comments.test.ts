// An XML part's comments leave every document package, and the report said nothing of them: a
// Word document's or a book chapter's comment (an author's note, a tool's name) went without a
// word, where an SVG's was named. Each part's comments are now one finding with their words.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { gpsJpeg, syntheticDocx } from '../../helpers/office-fixtures';
import { syntheticEpub } from '../../helpers/odf-fixtures';
import { cleaned } from '../../helpers/zip-tools';

/** A member's text as Python's zipfile reads it. */
function memberText(zip: Uint8Array, member: string): string {
  const path = join(tempDir('zip-comments'), 'doc.zip');
  writeFileSync(path, zip);
  const script = `import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode("utf-8"))`;
  return execFileSync('python3', ['-c', script, path, member], {
    encoding: 'utf8',
  });
}

function withComments(
  zip: Uint8Array,
  member: string,
  before: string,
  comments: string,
): Uint8Array {
  const files = unzipSync(zip);
  files[member] = strToU8(
    strFromU8(files[member]!).replace(before, `${comments}${before}`),
  );
  const { mimetype, ...rest } = files;
  return mimetype
    ? zipSync({ mimetype: [mimetype, { level: 0 }], ...rest })
    : zipSync(files);
}

describe('package driver: comments in XML parts', () => {
  it.each([
    [
      'a Word document',
      () => syntheticDocx(),
      'word/document.xml',
      '<w:sectPr',
    ],
    [
      'a book chapter',
      () => syntheticEpub(gpsJpeg(tempDir('zip-comments'))),
      'OEBPS/ch1.xhtml',
      '<p>',
    ],
  ])(
    'go from %s and are reported with their words',
    async (_, make, member, before) => {
      const input = withComments(
        make(),
        member,
        before,
        '<!-- CANARY_COMMENT_NOTE by the author --><!-- CANARY_COMMENT_TOOL 4.2 -->',
      );
      const canaries = ['CANARY_COMMENT_NOTE', 'CANARY_COMMENT_TOOL'];
      for (const c of canaries) expect(memberText(input, member)).toContain(c);
      const { result, output } = await cleaned(input);
      expectNoLeaks(input, output, canaries);
      for (const c of canaries)
        expect(memberText(output, member)).not.toContain(c);
      expect(result.removed).toContainEqual(
        expect.objectContaining({
          field: 'content.comment',
          label: '2 XML comments',
          location: member,
          value: 'CANARY_COMMENT_NOTE by the author | CANARY_COMMENT_TOOL 4.2',
        }),
      );
    },
  );
});
