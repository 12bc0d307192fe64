/**
 * A PDF protected by an owner password only (it opens without a password) cleaned with its
 * protection kept: decrypted into a copy in memory, cleaned by the ordinary walk, and the
 * cleaned file encrypted again with the same method, /O, /P (and /OE, /UE, /Perms), so the same
 * permissions hold and the same owner password lifts them. A file needing a user password stays
 * `encrypted`.
 */
import { ByteSource } from '../../../byte-source';
import { EngineError } from '../../../errors';
import { keptFinding } from '../../../findings';
import type { Analysis, AnalysisContext } from '../../../format-module';
import { planBytes } from '../../../output-plan';
import { bytesAccess } from '../../../random-access';
import { PdfDocument } from '../document';
import { isArray, isDict, isRef, isString } from '../objects';
import { PdfWindow } from '../window';
import { encryptCopy } from './encrypt-copy';
import { openSecurity } from './handler';
import { decryptedCopy } from './plaintext';

/**
 * An encrypted PDF is held in memory decrypted, then cleaned, then encrypted again: three
 * copies at once, so its size is bounded well below the limit for plain documents.
 */
export const MAX_ENCRYPTED_PDF_BYTES = 256 * 1024 * 1024;

/** The ordinary analysis of a decrypted copy (the PDF module's own walk). */
export type AnalyzePlain = (
  src: ByteSource,
  doc: PdfDocument,
) => Promise<Analysis>;

export async function analyzeEncrypted(
  doc: PdfDocument,
  version: string,
  ctx: AnalysisContext,
  analyzePlain: AnalyzePlain,
): Promise<Analysis> {
  if (doc.win.size > MAX_ENCRYPTED_PDF_BYTES)
    throw new EngineError(
      'too-large',
      `encrypted PDF of ${doc.win.size} bytes`,
    );
  const ref = doc.trailer.map.get('Encrypt');
  const dict = await doc.resolve(ref);
  if (!isDict(dict))
    throw new EngineError(
      'corrupt',
      'the PDF encryption dictionary is missing',
    );
  const id = doc.trailer.map.get('ID');
  const id0 = isArray(id) ? id.items[0] : undefined;
  const security = await openSecurity(
    dict,
    isString(id0) ? id0.bytes : new Uint8Array(0),
  );
  doc.decryptWith(security, isRef(ref) ? ref.num : undefined);
  const plain = await decryptedCopy(doc, version, ctx.signal);
  const src = new ByteSource(bytesAccess(plain));
  const inner = await analyzePlain(
    src,
    await PdfDocument.open(new PdfWindow(src)),
  );
  return {
    findings: [
      ...inner.findings,
      keptFinding(
        'document.structure',
        'Encrypt',
        'trailer',
        'structure',
        security.description,
      ),
    ],
    plan: async () => {
      const cleaned = await planBytes(plain, await inner.plan());
      const bytes = await encryptCopy(cleaned, version, security, ctx.signal);
      return [{ kind: 'bytes', data: bytes }];
    },
  };
}
