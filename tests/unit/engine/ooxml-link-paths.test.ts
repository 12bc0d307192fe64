import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { syntheticDocx, syntheticXlsx } from '../../helpers/office-fixtures';
import { cleaned } from '../../helpers/zip-tools';

const RELS = 'word/_rels/document.xml.rels';
/** The fixture's hyperlink, a path in the author's profile. */
const FIXTURE_TARGET =
  'file:///C:/Users/CANARY_LINK_USER/Documents/report.docx';

/** A Word document whose hyperlink points at `target` (written as XML writes it). */
function linkedDocx(target: string): Uint8Array {
  const files = unzipSync(syntheticDocx());
  files[RELS] = strToU8(
    strFromU8(files[RELS]!).replace(FIXTURE_TARGET, target),
  );
  return zipSync(files);
}

/** The document's hyperlink targets as Python's zipfile and ElementTree read them. */
function hyperlinkTargets(docx: Uint8Array): string {
  const path = join(tempDir('ooxml-link-paths'), 'doc.docx');
  writeFileSync(path, docx);
  const script = [
    'import sys, zipfile, xml.etree.ElementTree as E',
    `root = E.fromstring(zipfile.ZipFile(sys.argv[1]).read("${RELS}"))`,
    'for r in root:',
    '    if r.get("Type", "").endswith("/hyperlink"): print(r.get("Target"))',
  ].join('\n');
  return execFileSync('python3', ['-c', script, path], { encoding: 'utf8' });
}

describe('ooxml: a hyperlink to a file on a disk or a server share', () => {
  it.each([
    [
      'a server share',
      '\\\\CANARY_UNC_SERVER\\projects\\CANARY_UNC_CLIENT\\plan.docx',
    ],
    [
      'a file: URI of a share',
      'file:///\\\\CANARY_UNC_SERVER\\CANARY_UNC_CLIENT\\plan.docx',
    ],
    [
      'a drive outside the profile',
      'D:\\Clients\\CANARY_DRIVE_CLIENT\\plan.docx',
    ],
    [
      'a file: URI of a drive',
      'file:///E:/Cases/CANARY_FILE_URI_CASE/plan.docx',
    ],
    [
      'an smb: URL of a share',
      'smb://CANARY_SMB_SERVER/projects/CANARY_SMB_CLIENT/plan.docx',
    ],
    [
      'an afp: URL of a share',
      'afp://CANARY_AFP_SERVER/Clients/CANARY_AFP_CLIENT/plan.docx',
    ],
  ])('%s keeps only its file name, reported', async (_, target) => {
    const input = linkedDocx(target);
    const canaries = target.match(/CANARY_\w+/g)!;
    for (const c of canaries) expect(hyperlinkTargets(input)).toContain(c);
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, canaries);
    expect(hyperlinkTargets(output).trim()).toBe('plan.docx');
    expect(result.removed).toContainEqual(
      expect.objectContaining({
        field: 'identifier.file-name',
        label: 'link path',
        value: target,
      }),
    );
  });

  it('a web address that mentions a path in its query stays as it is', async () => {
    const target = 'https://example.org/search?q=file:notes&amp;d=C:\\x';
    const { output } = await cleaned(linkedDocx(target));
    expect(hyperlinkTargets(output).trim()).toBe(
      'https://example.org/search?q=file:notes&d=C:\\x',
    );
  });
});

const EXTERNAL_LINK = 'xl/externalLinks/externalLink1.xml';
const DDE_TOPIC = 'C:\\Users\\CANARY_DDE_TOPIC_USER\\Reports\\[book.xls]Sheet1';

/** A workbook with a DDE link to a sheet of a workbook on the author's disk. */
function ddeXlsx(): Uint8Array {
  const files = unzipSync(syntheticXlsx());
  const text = (name: string) => strFromU8(files[name]!);
  files['[Content_Types].xml'] = strToU8(
    text('[Content_Types].xml').replace(
      '</Types>',
      `<Override PartName="/${EXTERNAL_LINK}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.externalLink+xml"/></Types>`,
    ),
  );
  files['xl/_rels/workbook.xml.rels'] = strToU8(
    text('xl/_rels/workbook.xml.rels').replace(
      '</Relationships>',
      '<Relationship Id="rIdDde" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/externalLink" Target="externalLinks/externalLink1.xml"/></Relationships>',
    ),
  );
  files['xl/workbook.xml'] = strToU8(
    text('xl/workbook.xml').replace(
      '</sheets>',
      '</sheets><externalReferences><externalReference r:id="rIdDde"/></externalReferences>',
    ),
  );
  files[EXTERNAL_LINK] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><externalLink xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><ddeLink ddeService="Excel" ddeTopic="${DDE_TOPIC}"><ddeItems><ddeItem name="R1C1" advise="1"><values><value><val>5</val></value></values></ddeItem></ddeItems></ddeLink></externalLink>`,
  );
  return zipSync(files);
}

/** The DDE link's topic as Python's zipfile and ElementTree read it. */
function ddeTopic(xlsx: Uint8Array): string {
  const path = join(tempDir('ooxml-link-paths'), 'book.xlsx');
  writeFileSync(path, xlsx);
  const script = [
    'import sys, zipfile, xml.etree.ElementTree as E',
    `root = E.fromstring(zipfile.ZipFile(sys.argv[1]).read("${EXTERNAL_LINK}"))`,
    'for el in root.iter():',
    '    if el.tag.endswith("}ddeLink"): print(el.get("ddeTopic"))',
  ].join('\n');
  return execFileSync('python3', ['-c', script, path], { encoding: 'utf8' });
}

describe("ooxml: a DDE link's source on the author's disk", () => {
  it('keeps only the file name and the sheet, reported', async () => {
    const input = ddeXlsx();
    expect(ddeTopic(input)).toContain('CANARY_DDE_TOPIC_USER');
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, ['CANARY_DDE_TOPIC_USER']);
    expect(ddeTopic(output).trim()).toBe('[book.xls]Sheet1');
    expect(result.removed).toContainEqual(
      expect.objectContaining({
        field: 'identifier.file-name',
        label: 'ddeLink ddeTopic',
        value: DDE_TOPIC,
      }),
    );
  });
});
