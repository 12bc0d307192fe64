import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { encryptedOfficeFile } from '../../helpers/encrypted-office';
import { tempDir } from '../../helpers/image-tools';
import { hasTool } from '../../helpers/zip-tools';

const hasOlefile = (() => {
  try {
    execFileSync('/usr/bin/python3', ['-c', 'import olefile']);
    return true;
  } catch {
    return false;
  }
})();

describe('a password-protected Office document (issue 20)', () => {
  it.skipIf(!hasTool('python3') || !hasOlefile)(
    'is refused as encrypted, not as a legacy file',
    async () => {
      const input = encryptedOfficeFile();
      const path = join(tempDir('ooxml-encrypted'), 'protected.docx');
      writeFileSync(path, input);
      const listed = execFileSync(
        '/usr/bin/python3',
        [
          '-c',
          'import olefile,sys; print(sorted("/".join(e) for e in olefile.OleFileIO(sys.argv[1]).listdir()))',
          path,
        ],
        { encoding: 'utf8' },
      );
      expect(listed).toContain('EncryptedPackage');
      expect(listed).toContain('EncryptionInfo');
      const result = cleanPlan(new Blob([input as Uint8Array<ArrayBuffer>]));
      await expect(result).rejects.toMatchObject({ code: 'encrypted' });
      await expect(result).rejects.toThrow(/password/);
    },
  );
});
