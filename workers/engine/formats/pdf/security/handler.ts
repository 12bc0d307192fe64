/**
 * The standard security handler (ISO 32000-2, 7.6.4) of a PDF that opens without a password:
 * which crypt method each kind of data uses (7.6.5 crypt filters), the file key, and the
 * per-object keys that decrypt what the file holds and encrypt what the cleaned copy writes.
 */
import { EngineError, corrupt } from '../../../errors';
import {
  intOf,
  isDict,
  isString,
  nameOf,
  type PdfDict,
  type PdfValue,
} from '../objects';
import { AES_BLOCK, cbcDecrypt, cbcEncrypt } from './aes';
import {
  aesFileKey,
  legacyFileKey,
  legacyUserEntry,
  legacyUserMatches,
  NEEDS_PASSWORD,
} from './keys';
import { md5 } from './md5';
import { rc4 } from './rc4';

/** Crypt filter methods (ISO 32000-2, 7.6.5, Table 25); None leaves data as it is. */
export type CryptMethod = 'None' | 'V2' | 'AESV2' | 'AESV3';

/** What kind of data a key is for: strings, streams, or embedded file streams (/EFF). */
export type DataKind = 'string' | 'stream' | 'file';

/** Bits per byte, for /Length (given in bits). */
const BITS = 8;
/** /Length when absent (Table 20). */
const DEFAULT_LENGTH_BITS = 40;
const R2_KEY_BYTES = 5;
const MIN_KEY_BYTES = 5;
const MAX_KEY_BYTES = 16;
/** Algorithm 1, step d: the object key is at most the file key plus 5 bytes, at most 16. */
const OBJECT_KEY_EXTRA = 5;
/** Algorithm 1, step b: AES object keys hash this after the object number. */
const AES_SALT = new Uint8Array([0x73, 0x41, 0x6c, 0x54]);

/** The entries of an encryption dictionary the copy writes (Tables 20, 21, 25); nothing else. */
const KEPT_KEYS = [
  'Filter',
  'V',
  'R',
  'Length',
  'O',
  'U',
  'P',
  'OE',
  'UE',
  'Perms',
  'EncryptMetadata',
  'CF',
  'StmF',
  'StrF',
  'EFF',
];
const KEPT_FILTER_KEYS = ['Type', 'CFM', 'Length', 'AuthEvent'];

export interface PdfSecurity {
  /** The method and key size, for the report (e.g. `AES-256, revision 6`). */
  readonly description: string;
  /** Whether metadata streams are encrypted (/EncryptMetadata, Table 21). */
  readonly encryptMetadata: boolean;
  /** The encryption dictionary to write, with only the entries the standard defines. */
  readonly dict: PdfDict;
  decrypt(
    kind: DataKind,
    data: Uint8Array,
    num: number,
    gen: number,
  ): Promise<Uint8Array>;
  encrypt(
    kind: DataKind,
    data: Uint8Array,
    num: number,
    gen: number,
  ): Promise<Uint8Array>;
  /**
   * The handler for a copy whose first /ID element is `id0`. Revisions 2-4 derive the file key
   * from /ID[0] (algorithm 2): the copy gets a fresh /ID, so its key and /U are computed again
   * from the empty user password, and /O (made from the owner and user passwords alone,
   * algorithm 3) and /P stay, so the owner password still unlocks the same permissions.
   * Revisions 5 and 6 keep their random file key wrapped in /UE and /OE: every entry stays.
   */
  forCopy(id0: Uint8Array): PdfSecurity;
}

const bytesOf = (v: PdfValue | undefined): Uint8Array | undefined =>
  isString(v) ? v.bytes : undefined;

/** The method a named crypt filter uses (7.6.5); Identity is none. */
function filterMethod(cf: PdfValue | undefined, name: string): CryptMethod {
  if (name === 'Identity') return 'None';
  const entry = isDict(cf) ? cf.map.get(name) : undefined;
  const method = isDict(entry) ? nameOf(entry.map.get('CFM')) : undefined;
  if (
    method === 'None' ||
    method === 'V2' ||
    method === 'AESV2' ||
    method === 'AESV3'
  )
    return method;
  throw new EngineError('unsupported', `the PDF crypt filter ${name}`);
}

interface Methods {
  readonly string: CryptMethod;
  readonly stream: CryptMethod;
  readonly file: CryptMethod;
}

function methodsOf(d: PdfDict, v: number): Methods {
  if (v === 1 || v === 2) return { string: 'V2', stream: 'V2', file: 'V2' };
  const cf = d.map.get('CF');
  const stream = filterMethod(cf, nameOf(d.map.get('StmF')) ?? 'Identity');
  const string = filterMethod(cf, nameOf(d.map.get('StrF')) ?? 'Identity');
  const eff = nameOf(d.map.get('EFF'));
  return { string, stream, file: eff ? filterMethod(cf, eff) : stream };
}

/** The encryption dictionary reduced to the entries the standard defines. */
function keptDict(d: PdfDict): PdfDict {
  const map = new Map<string, PdfValue>();
  for (const key of KEPT_KEYS) {
    const v = d.map.get(key);
    if (v !== undefined) map.set(key, v);
  }
  const cf = map.get('CF');
  if (isDict(cf)) {
    const filters = new Map<string, PdfValue>();
    for (const [name, f] of cf.map) {
      if (!isDict(f)) continue;
      const kept = new Map<string, PdfValue>();
      for (const key of KEPT_FILTER_KEYS) {
        const v = f.map.get(key);
        if (v !== undefined) kept.set(key, v);
      }
      filters.set(name, { kind: 'dict', map: kept });
    }
    map.set('CF', { kind: 'dict', map: filters });
  }
  return { kind: 'dict', map };
}

function describe(r: number, keyBytes: number, methods: Methods): string {
  const cipher = methods.stream === 'V2' ? 'RC4' : 'AES';
  return `${cipher}-${keyBytes * BITS}, revision ${r}`;
}

/** Algorithm 1 (7.6.3.3): a key per object for V2 and AESV2; AESV3 uses the file key. */
function objectKey(
  fileKey: Uint8Array,
  method: CryptMethod,
  num: number,
  gen: number,
): Uint8Array {
  if (method === 'AESV3') return fileKey;
  const salt = method === 'AESV2' ? AES_SALT : new Uint8Array(0);
  const input = new Uint8Array(fileKey.length + OBJECT_KEY_EXTRA + salt.length);
  input.set(fileKey);
  const at = fileKey.length;
  input[at] = num & 0xff;
  input[at + 1] = (num >> 8) & 0xff;
  input[at + 2] = (num >> 16) & 0xff;
  input[at + 3] = gen & 0xff;
  input[at + 4] = (gen >> 8) & 0xff;
  input.set(salt, at + OBJECT_KEY_EXTRA);
  return md5(input).subarray(
    0,
    Math.min(fileKey.length + OBJECT_KEY_EXTRA, MAX_KEY_BYTES),
  );
}

class StandardSecurity implements PdfSecurity {
  constructor(
    readonly description: string,
    readonly encryptMetadata: boolean,
    readonly dict: PdfDict,
    private readonly methods: Methods,
    private readonly fileKey: Uint8Array,
    private readonly copy: (id0: Uint8Array) => PdfSecurity,
  ) {}

  async decrypt(kind: DataKind, data: Uint8Array, num: number, gen: number) {
    const method = this.methods[kind];
    if (method === 'None' || data.length === 0) return data;
    const key = objectKey(this.fileKey, method, num, gen);
    if (method === 'V2') return rc4(key, data);
    // AES data is the initialisation vector, then PKCS#5-padded blocks (7.6.3.1).
    if (data.length < 2 * AES_BLOCK)
      throw corrupt(`AES data of object ${num} is too short`);
    return cbcDecrypt(
      key,
      data.subarray(0, AES_BLOCK),
      data.subarray(AES_BLOCK),
    );
  }

  async encrypt(kind: DataKind, data: Uint8Array, num: number, gen: number) {
    const method = this.methods[kind];
    if (method === 'None') return data;
    const key = objectKey(this.fileKey, method, num, gen);
    if (method === 'V2') return rc4(key, data);
    const iv = crypto.getRandomValues(new Uint8Array(AES_BLOCK));
    const body = await cbcEncrypt(key, iv, data);
    const out = new Uint8Array(AES_BLOCK + body.length);
    out.set(iv);
    out.set(body, AES_BLOCK);
    return out;
  }

  forCopy(id0: Uint8Array): PdfSecurity {
    return this.copy(id0);
  }
}

function legacySecurity(
  d: PdfDict,
  r: number,
  keyBytes: number,
  methods: Methods,
  encryptMetadata: boolean,
  id0: Uint8Array,
  verify: boolean,
): PdfSecurity {
  const o = bytesOf(d.map.get('O'));
  const u = bytesOf(d.map.get('U'));
  const p = intOf(d.map.get('P'));
  if (!o || !u || p === undefined)
    throw corrupt('the PDF encryption dictionary lacks /O, /U or /P');
  const params = { r, keyBytes, o, p: p | 0, id0, encryptMetadata };
  const key = legacyFileKey(params);
  if (verify && !legacyUserMatches(r, key, id0, u))
    throw new EngineError('encrypted', NEEDS_PASSWORD);
  const dict = keptDict(d);
  dict.map.set('U', { kind: 'str', bytes: legacyUserEntry(r, key, id0) });
  return new StandardSecurity(
    describe(r, keyBytes, methods),
    encryptMetadata,
    dict,
    methods,
    key,
    (next) =>
      legacySecurity(dict, r, keyBytes, methods, encryptMetadata, next, false),
  );
}

/** The file's security handler from its encryption dictionary and first /ID element. */
export async function openSecurity(
  d: PdfDict,
  id0: Uint8Array,
): Promise<PdfSecurity> {
  if (nameOf(d.map.get('Filter')) !== 'Standard')
    throw new EngineError(
      'encrypted',
      'the PDF uses a security handler other than passwords',
    );
  const v = intOf(d.map.get('V')) ?? 0;
  const r = intOf(d.map.get('R')) ?? 0;
  const encryptMetadata = d.map.get('EncryptMetadata') !== false;
  if (![1, 2, 4, 5].includes(v) || r < 2 || r > 6)
    throw new EngineError('unsupported', `PDF encryption V${v} R${r}`);
  const methods = methodsOf(d, v);
  if (v === 5) {
    const u = bytesOf(d.map.get('U'));
    const ue = bytesOf(d.map.get('UE'));
    if (!u || !ue)
      throw corrupt('the PDF encryption dictionary lacks /U or /UE');
    const key = await aesFileKey(r, u, ue);
    const dict = keptDict(d);
    const security: PdfSecurity = new StandardSecurity(
      describe(r, key.length, methods),
      encryptMetadata,
      dict,
      methods,
      key,
      () => security,
    );
    return security;
  }
  const bits =
    intOf(d.map.get('Length')) ??
    (v === 4 ? MAX_KEY_BYTES * BITS : DEFAULT_LENGTH_BITS);
  const keyBytes = r === 2 ? R2_KEY_BYTES : bits / BITS;
  if (
    !Number.isInteger(keyBytes) ||
    keyBytes < MIN_KEY_BYTES ||
    keyBytes > MAX_KEY_BYTES
  )
    throw new EngineError('unsupported', `a PDF key of ${bits} bits`);
  return legacySecurity(d, r, keyBytes, methods, encryptMetadata, id0, true);
}
