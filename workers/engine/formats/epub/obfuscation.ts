/**
 * Font obfuscation in an EPUB (EPUB 3.3 OCF, "Resource obfuscation"; and Adobe's older scheme):
 * `META-INF/encryption.xml` names fonts whose first bytes are XORed with a key made from the
 * book's unique identifier. It protects nothing from the book's reader, only ties the font to the
 * book, so such a book is cleaned: each font is restored with the key of the identifier it has,
 * checked as a font, and obfuscated again with the key of the identifier the clean copy gets. Any
 * other entry of the file (encryption proper, a key, an unknown algorithm) is refused `encrypted`.
 */
import { EngineError } from '../../errors';
import { attribute, decodeEntities, walkXml } from '../../shared/xml';
import { EPUB_NAMESPACES } from './namespaces';

/** EPUB 3.3 OCF: the IDPF algorithm; the key is the SHA-1 of the identifier, 1040 bytes XORed. */
export const IDPF_OBFUSCATION = 'http://www.idpf.org/2008/embedding';
const IDPF_BYTES = 1040;
/** Adobe's algorithm: the key is the 16 bytes of a `urn:uuid:` identifier, 1024 bytes XORed. */
export const ADOBE_OBFUSCATION = 'http://ns.adobe.com/pdf/enc#RC';
const ADOBE_BYTES = 1024;
const UUID_BYTES = 16;
/** The white space the IDPF algorithm leaves out of the identifier: space, tab, CR, LF. */
const KEY_SPACE = /[ \t\r\n]/g;
const UUID =
  /^(?:urn:uuid:)?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})$/i;
const HEX_BASE = 16;

/** The OCF container namespace (the file's root), XML Encryption's and XML Signature's. */
export const ENCRYPTION_NAMESPACES = new Map([
  ...EPUB_NAMESPACES,
  ['http://www.w3.org/2001/04/xmlenc#', 'enc'],
  ['http://www.w3.org/2000/09/xmldsig#', 'ds'],
]);
/** What an obfuscated font's entry holds; anything else is encryption proper. */
const OBFUSCATION_ELEMENTS = new Set([
  'encryption',
  'enc:EncryptedData',
  'enc:EncryptionMethod',
  'enc:CipherData',
  'enc:CipherReference',
]);

/**
 * The fonts `META-INF/encryption.xml` says are obfuscated (paths from the container's root, as
 * the file writes them) with their algorithms; `encrypted` for anything else.
 */
export function obfuscatedFonts(xml: string): ReadonlyMap<string, string> {
  const fonts = new Map<string, string>();
  let algorithm = '';
  walkXml(
    xml,
    {
      open(el) {
        if (!OBFUSCATION_ELEMENTS.has(el.name))
          throw new EngineError(
            'encrypted',
            `EPUB with encrypted resources (${el.name.slice(0, 80)} in META-INF/encryption.xml)`,
          );
        if (el.name === 'enc:EncryptionMethod')
          algorithm = decodeEntities(attribute(el, 'Algorithm')?.raw ?? '');
        if (el.name === 'enc:CipherReference') {
          if (algorithm !== IDPF_OBFUSCATION && algorithm !== ADOBE_OBFUSCATION)
            throw new EngineError(
              'encrypted',
              `EPUB with encrypted resources (${algorithm.slice(0, 80) || 'no algorithm'})`,
            );
          fonts.set(decodeEntities(attribute(el, 'URI')?.raw ?? ''), algorithm);
        }
      },
      close(el) {
        if (el.name === 'enc:EncryptedData') algorithm = '';
      },
    },
    ENCRYPTION_NAMESPACES,
  );
  return fonts;
}

export interface ObfuscationKey {
  readonly key: Uint8Array;
  /** How many of a font's first bytes are XORed. */
  readonly count: number;
}

/** The key `algorithm` makes from `identifier`, or null when it cannot make one. */
export async function obfuscationKey(
  algorithm: string,
  identifier: string,
): Promise<ObfuscationKey | null> {
  if (algorithm === IDPF_OBFUSCATION) {
    const plain = new TextEncoder().encode(identifier.replace(KEY_SPACE, ''));
    if (!plain.length) return null;
    const digest = await crypto.subtle.digest('SHA-1', plain);
    return { key: new Uint8Array(digest), count: IDPF_BYTES };
  }
  const uuid = UUID.exec(identifier.trim());
  if (algorithm !== ADOBE_OBFUSCATION || !uuid) return null;
  const hex = uuid.slice(1).join('');
  const key = new Uint8Array(UUID_BYTES);
  for (let i = 0; i < UUID_BYTES; i++)
    key[i] = parseInt(hex.slice(i * 2, i * 2 + 2), HEX_BASE);
  return { key, count: ADOBE_BYTES };
}

/** `bytes` with their first bytes XORed with the key (XOR undoes itself), as a new array. */
export function xorHead(
  bytes: Uint8Array,
  { key, count }: ObfuscationKey,
): Uint8Array {
  const out = bytes.slice();
  const n = Math.min(count, out.length);
  for (let i = 0; i < n; i++) out[i]! ^= key[i % key.length]!;
  return out;
}
