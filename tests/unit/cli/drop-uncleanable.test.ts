import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLines, runCli } from '../../helpers/cli-run';
import { attachmentsPdf } from '../../helpers/pdf-attachment-fixtures';
import { run } from '../../helpers/pdf-fixtures';

function attachedPdf(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'metaclean-cli-attach-'));
  const file = join(dir, 'attached.pdf');
  writeFileSync(file, attachmentsPdf());
  return { dir, file };
}

describe('metaclean --drop-uncleanable', () => {
  it('without the flag, fails naming the attachment and the flag, and writes nothing', async () => {
    const { dir, file } = attachedPdf();
    const result = await runCli([file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('uncleanable-part');
    expect(result.stderr).toContain('report.doc');
    expect(result.stderr).toContain('--drop-uncleanable');
    expect(existsSync(join(dir, 'cleaned_attached.pdf'))).toBe(false);
  });

  it('names the attachments in JSON', async () => {
    const { file } = attachedPdf();
    const result = await runCli(['--json', file]);
    const [outcome] = jsonLines(result.stdout);
    expect(outcome.error.code).toBe('uncleanable-part');
    expect(outcome.error.parts).toEqual(['report.doc']);
  });

  it('with the flag, removes that attachment, lists it as removed and keeps the rest', async () => {
    const { dir, file } = attachedPdf();
    const result = await runCli(['--json', '--drop-uncleanable', file]);
    expect(result.code).toBe(0);
    const [outcome] = jsonLines(result.stdout);
    expect(
      outcome.removed
        .filter((f: { label: string }) => f.label === 'EmbeddedFile')
        .map((f: { value: string }) => f.value),
    ).toEqual(['report.doc']);
    const list = run('pdfdetach', ['-list', join(dir, 'cleaned_attached.pdf')]);
    // The attachment that stays is listed under a neutral name with its extension.
    expect(list).toMatch(/\bfile(?:-\d+)?\.txt\b/);
    expect(list).not.toContain('report.doc');
  });
});
