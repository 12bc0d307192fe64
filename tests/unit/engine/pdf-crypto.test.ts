import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
} from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cbcDecrypt,
  cbcDecryptRaw,
  cbcEncrypt,
  cbcEncryptRaw,
} from '../../../workers/engine/formats/pdf/security/aes';
import { md5 } from '../../../workers/engine/formats/pdf/security/md5';
import { rc4 } from '../../../workers/engine/formats/pdf/security/rc4';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const ascii = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

describe('MD5', () => {
  it('matches Node on every length around the block and padding edges', () => {
    for (const length of [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 1000]) {
      const data = new Uint8Array(randomBytes(length));
      expect(hex(md5(data)), `${length} bytes`).toBe(
        createHash('md5').update(data).digest('hex'),
      );
    }
  });

  it('gives the RFC 1321 digest of "abc"', () => {
    expect(hex(md5(ascii('abc')))).toBe('900150983cd24fb0d6963f7d28e17f72');
  });
});

describe('RC4', () => {
  // Node's OpenSSL 3 no longer offers RC4; these are the cipher's published test vectors.
  it.each([
    ['Key', 'Plaintext', 'bbf316e8d940af0ad3'],
    ['Wiki', 'pedia', '1021bf0420'],
    ['Secret', 'Attack at dawn', '45a01f645fc35b383552544b9bf5'],
  ])('encrypts %s / %s', (key, text, expected) => {
    expect(hex(rc4(ascii(key), ascii(text)))).toBe(expected);
  });

  it('gives the RFC 6229 key stream of the 40-bit key 0102030405', () => {
    const stream = rc4(new Uint8Array([1, 2, 3, 4, 5]), new Uint8Array(16));
    expect(hex(stream)).toBe('b2396305f03dc027ccc3524a0a1118a8');
  });

  it('is its own inverse', () => {
    const key = new Uint8Array(randomBytes(16));
    const data = new Uint8Array(randomBytes(300));
    expect(rc4(key, rc4(key, data))).toEqual(data);
  });
});

describe('AES-CBC through Web Crypto', () => {
  it('pads as Node does, and decrypts what Node encrypts', async () => {
    const key = new Uint8Array(randomBytes(16));
    const iv = new Uint8Array(randomBytes(16));
    const data = new Uint8Array(randomBytes(37));
    const ours = await cbcEncrypt(key, iv, data);
    const node = createCipheriv('aes-128-cbc', key, iv);
    expect(hex(ours)).toBe(
      hex(Buffer.concat([node.update(data), node.final()])),
    );
    expect(await cbcDecrypt(key, iv, ours)).toEqual(data);
  });

  it('encrypts and decrypts whole blocks without padding as Node does', async () => {
    const key = new Uint8Array(randomBytes(32));
    const iv = new Uint8Array(randomBytes(16));
    const data = new Uint8Array(randomBytes(64));
    const cipher = createCipheriv('aes-256-cbc', key, iv).setAutoPadding(false);
    const expected = Buffer.concat([cipher.update(data), cipher.final()]);
    expect(hex(await cbcEncryptRaw(key, iv, data))).toBe(hex(expected));
    const decipher = createDecipheriv('aes-256-cbc', key, iv).setAutoPadding(
      false,
    );
    expect(hex(await cbcDecryptRaw(key, iv, new Uint8Array(expected)))).toBe(
      hex(Buffer.concat([decipher.update(expected), decipher.final()])),
    );
  });

  it('calls bad padding a corrupt file', async () => {
    const key = new Uint8Array(16);
    await expect(
      cbcDecrypt(key, new Uint8Array(16), new Uint8Array(32)),
    ).rejects.toMatchObject({ code: 'corrupt' });
  });
});
