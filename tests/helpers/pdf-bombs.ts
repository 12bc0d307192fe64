/**
 * Small PDFs that cost a careless reader much more than their size: a string of tens of
 * megabytes deflated inside an object stream, and thousands of object streams that never end.
 * Neither has a cross-reference, so the reader rebuilds one by scanning.
 */
import { deflateSync } from 'node:zlib';

const latin1 = (s: string) => Buffer.from(s, 'latin1');

/** A page whose resources name object 6, which lives in object stream 5 (no cross-reference). */
function withObjectStream(member: Buffer): Uint8Array {
  const data = deflateSync(Buffer.concat([latin1('6 0 '), member]), {
    level: 9,
  });
  return new Uint8Array(
    Buffer.concat([
      latin1(
        '%PDF-1.7\n' +
          '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
          '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
          '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] /Resources << /Properties << /P0 6 0 R >> >> >>\nendobj\n' +
          `5 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
      ),
      data,
      latin1('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
    ]),
  );
}

/** A literal string of `bytes` bytes inside an object stream. */
export function hugeLiteralString(bytes: number): Uint8Array {
  return withObjectStream(
    Buffer.concat([latin1('('), Buffer.alloc(bytes, 0x41), latin1(')')]),
  );
}

/** A hex string of `digits` hex digits inside an object stream. */
export function hugeHexString(digits: number): Uint8Array {
  return withObjectStream(
    Buffer.concat([latin1('<'), Buffer.alloc(digits, 0x61), latin1('>')]),
  );
}

/** `count` object streams without `endstream`, after a catalog and no cross-reference. */
export function unterminatedObjectStreams(count: number): Uint8Array {
  const parts = [
    '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
      '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n',
  ];
  for (let i = 0; i < count; i++)
    parts.push(
      `${10 + i} 0 obj\n<< /Type /ObjStm /N 1 /First 6 >>\nstream\n${20_000 + i} 0 << /A 1 >>\n`,
    );
  parts.push('trailer\n<< /Root 1 0 R >>\n%%EOF\n');
  return new Uint8Array(latin1(parts.join('')));
}
