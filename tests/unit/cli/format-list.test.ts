import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import home from '../../../i18n/messages/home/en.json';
import { formatNameFacts } from '../../../src/catalog/format-names';
import { formatCatalog } from '../../../workers/engine/format-catalog';
import { runCli } from '../../helpers/cli-run';
import { convert, exiftoolWrite, tempDir } from '../../helpers/image-tools';

/**
 * `--list-formats` names the formats as the site's "Supported formats" list does (the same names
 * under the same headings), from the same catalog, and its JSON carries only the fields
 * docs/json.md describes.
 */

/** The field names of docs/json.md's `--list-formats --json` table. */
function documentedFields(): string[] {
  const doc = readFileSync('docs/json.md', 'utf8');
  const section = doc.slice(doc.indexOf('## `--list-formats --json`'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('|')));
  return [...table.matchAll(/^\| `([a-z]+)`/gm)].map((m) => m[1]!);
}

describe('metaclean --list-formats', () => {
  it('lists every format under the site’s heading for its group, by the site’s name', async () => {
    const run = await runCli(['--list-formats']);
    expect(run.code).toBe(0);
    const groups = run.stdout.trim().split('\n\n');
    const facts = formatNameFacts();
    expect(groups).toHaveLength(facts.byKind.length);
    for (const [i, { kind, names }] of facts.byKind.entries()) {
      const [heading, ...lines] = groups[i]!.split('\n');
      expect(heading).toBe(home[`home.formats.kind.${kind}`]);
      expect(lines.map((line) => line.trim().split(/\s+/)[0])).toEqual(names);
    }
  });

  it('shows no internal id where the site writes a name', async () => {
    const { stdout } = await runCli(['--list-formats']);
    expect(stdout).toMatch(/^ {2}JPG +\.jpg /m);
    expect(stdout).toMatch(/^ {2}ZIP +\.zip$/m);
    expect(stdout).not.toMatch(/\bjpeg +image\b|\bzip +document\b/);
  });

  it('gives in JSON the catalog’s formats with the documented fields only', async () => {
    const run = await runCli(['--list-formats', '--json']);
    expect(run.code).toBe(0);
    const listed = JSON.parse(run.stdout) as Record<string, unknown>[];
    expect(listed.map((f) => f['id'])).toEqual(formatCatalog.map((f) => f.id));
    const fields = documentedFields();
    expect(fields).toEqual(['name', 'id', 'kind', 'mime', 'extensions']);
    for (const format of listed) expect(Object.keys(format)).toEqual(fields);
    expect(listed.find((f) => f['id'] === 'jpeg')).toMatchObject({
      name: 'JPG',
      kind: 'image',
      extensions: ['jpg', 'jpeg', 'jpe', 'jfif'],
    });
  });
});

describe('a file’s line names its format as --list-formats does', () => {
  it('says JPG and counts items in words, with --inspect and --check', async () => {
    const photo = join(tempDir('metaclean-format-line'), 'a.jpg');
    convert(['-size', '8x8', 'xc:teal', photo]);
    exiftoolWrite(photo, ['-Artist=FormatLineCanary']);
    expect(execFileSync('exiftool', [photo], { encoding: 'utf8' })).toContain(
      'FormatLineCanary',
    );
    const inspect = await runCli(['--inspect', photo]);
    expect(inspect.stdout).toMatch(/^\S*a\.jpg \(JPG\): 1 item found$/m);
    const check = await runCli(['--check', photo]);
    expect(check.stdout).toMatch(
      /a\.jpg \(JPG\): 1 item of metadata to remove$/m,
    );
    expect(`${inspect.stdout}${check.stdout}`).not.toMatch(
      /\(jpeg\)|item\(s\)/,
    );
  });
});
