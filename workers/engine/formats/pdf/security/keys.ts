/**
 * The standard security handler's file keys from the empty user password (ISO 32000-2, 7.6.4):
 * a PDF that opens without a password has an empty user password, and its owner password only
 * guards permissions. A file whose user password is not empty fails as `encrypted`.
 */
import { EngineError } from '../../../errors';
import { AES_BLOCK, buffer, cbcDecryptRaw, cbcEncryptRaw } from './aes';
import { md5 } from './md5';
import { rc4 } from './rc4';

/** The padding string of algorithm 2, step a (ISO 32000-2, 7.6.4.3.2). */
export const PASSWORD_PAD = new Uint8Array([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff,
  0xfa, 0x01, 0x08, 0x2e, 0x2e, 0x00, 0xb6, 0xd0, 0x68, 0x3e, 0x80, 0x2f, 0x0c,
  0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);

/** Extra MD5 rounds of algorithm 2, step h, and RC4 rounds of algorithm 5, step e (R3 and up). */
const MD5_ROUNDS = 50;
const RC4_ROUNDS = 19;
/** Bytes of /U that algorithm 5 defines; the rest is arbitrary padding (7.6.4.4.4, step f). */
const U_CHECKED_BYTES = 16;
const U_BYTES = 32;
/** Bytes of the hash, validation salt and key salt in an R5/R6 /U (7.6.4.4.5). */
const HASH_BYTES = 32;
const SALT_BYTES = 8;
/** Algorithm 2.B: at least this many rounds, then until E's last byte allows (7.6.4.3.4). */
const MIN_HASH_ROUNDS = 64;
const ROUND_OFFSET = 32;
const HASH_REPEATS = 64;
const AES128_KEY = 16;
/** Algorithm 2.B can in theory run long; a real file ends near round 64. */
const MAX_HASH_ROUNDS = 4096;

const NEEDS_PASSWORD = 'the PDF needs a password to open';

export interface LegacyParams {
  readonly r: number;
  /** File key bytes: 5 for R2, /Length / 8 for R3 and R4. */
  readonly keyBytes: number;
  readonly o: Uint8Array;
  readonly p: number;
  readonly id0: Uint8Array;
  readonly encryptMetadata: boolean;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Algorithm 2 with the empty user password (ISO 32000-2, 7.6.4.3.2). */
export function legacyFileKey(params: LegacyParams): Uint8Array {
  const p = new Uint8Array(4);
  new DataView(p.buffer).setInt32(0, params.p, true);
  const noMetadata =
    params.r >= 4 && !params.encryptMetadata
      ? new Uint8Array([0xff, 0xff, 0xff, 0xff])
      : new Uint8Array(0);
  let hash = md5(concat(PASSWORD_PAD, params.o, p, params.id0, noMetadata));
  if (params.r >= 3)
    for (let i = 0; i < MD5_ROUNDS; i++)
      hash = md5(hash.subarray(0, params.keyBytes));
  return hash.slice(0, params.keyBytes);
}

/** /U for a file key: algorithm 4 for R2, algorithm 5 for R3 and R4 (7.6.4.4.3-4). */
export function legacyUserEntry(
  r: number,
  key: Uint8Array,
  id0: Uint8Array,
): Uint8Array {
  if (r === 2) return rc4(key, PASSWORD_PAD);
  let x = rc4(key, md5(concat(PASSWORD_PAD, id0)));
  for (let i = 1; i <= RC4_ROUNDS; i++)
    x = rc4(
      key.map((b) => b ^ i),
      x,
    );
  const out = new Uint8Array(U_BYTES);
  out.set(x);
  return out;
}

/** Whether /U proves the empty user password (algorithms 6 and 7's first half, 7.6.4.4.6). */
export function legacyUserMatches(
  r: number,
  key: Uint8Array,
  id0: Uint8Array,
  u: Uint8Array,
): boolean {
  const expected = legacyUserEntry(r, key, id0);
  const n = r === 2 ? U_BYTES : U_CHECKED_BYTES;
  return u.length >= n && expected.subarray(0, n).every((b, i) => b === u[i]);
}

async function sha(name: string, data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest(name, buffer(data)));
}

const SHA_BY_REMAINDER = ['SHA-256', 'SHA-384', 'SHA-512'];

/**
 * Algorithm 2.B (ISO 32000-2, 7.6.4.3.4) for the user password, which hashes no /U: the
 * revision 6 hash. Revision 5 (an Adobe extension level 3, deprecated) is one SHA-256.
 */
async function hash6(
  password: Uint8Array,
  salt: Uint8Array,
): Promise<Uint8Array> {
  let k = await sha('SHA-256', concat(password, salt));
  let e: Uint8Array = new Uint8Array(0);
  for (
    let round = 0;
    round < MIN_HASH_ROUNDS || e.at(-1)! > round - ROUND_OFFSET;
  ) {
    if (round >= MAX_HASH_ROUNDS)
      throw new EngineError('corrupt', 'the PDF key hash does not end');
    const once = concat(password, k);
    const k1 = new Uint8Array(once.length * HASH_REPEATS);
    for (let i = 0; i < HASH_REPEATS; i++) k1.set(once, i * once.length);
    e = await cbcEncryptRaw(
      k.subarray(0, AES128_KEY),
      k.subarray(AES128_KEY, 2 * AES128_KEY),
      k1,
    );
    // The first 16 bytes as a number modulo 3: 256 is 1 modulo 3, so their sum modulo 3.
    const remainder = e.subarray(0, AES_BLOCK).reduce((s, b) => s + b, 0) % 3;
    k = await sha(SHA_BY_REMAINDER[remainder]!, e);
    round++;
  }
  return k.slice(0, HASH_BYTES);
}

function hashFor(r: number): (salt: Uint8Array) => Promise<Uint8Array> {
  const empty = new Uint8Array(0);
  return r === 5
    ? (salt) => sha('SHA-256', salt)
    : (salt) => hash6(empty, salt);
}

/**
 * Algorithm 2.A with the empty user password (ISO 32000-2, 7.6.4.3.3): /U's hash checked with
 * its validation salt, then /UE unwrapped with the hash of its key salt.
 */
export async function aesFileKey(
  r: number,
  u: Uint8Array,
  ue: Uint8Array,
): Promise<Uint8Array> {
  if (u.length < HASH_BYTES + 2 * SALT_BYTES || ue.length !== HASH_BYTES)
    throw new EngineError('corrupt', 'the PDF encryption entries are damaged');
  const hash = hashFor(r);
  const validation = u.subarray(HASH_BYTES, HASH_BYTES + SALT_BYTES);
  const keySalt = u.subarray(
    HASH_BYTES + SALT_BYTES,
    HASH_BYTES + 2 * SALT_BYTES,
  );
  const check = await hash(validation);
  if (!check.every((b, i) => b === u[i]))
    throw new EngineError('encrypted', NEEDS_PASSWORD);
  return cbcDecryptRaw(await hash(keySalt), new Uint8Array(AES_BLOCK), ue);
}

export { NEEDS_PASSWORD };
