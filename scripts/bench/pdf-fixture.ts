/**
 * A PDF of photos for the benchmark: one page per JPEG (stored as DCTDecode, the photo's own
 * bytes with its EXIF and GPS), written with a classic cross-reference table.
 */
import {
  closeSync,
  openSync,
  readFileSync,
  statSync,
  writeSync,
} from 'node:fs';

export function photoPdf(path: string, photos: readonly string[]): void {
  const fd = openSync(path, 'w');
  let at = 0;
  const offsets: number[] = [];
  const put = (data: string | Buffer) => {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    writeSync(fd, bytes);
    at += bytes.length;
  };
  const object = (num: number, body: string) => {
    offsets[num] = at;
    put(`${num} 0 obj\n${body}\nendobj\n`);
  };
  put('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const pages = photos.map((_, i) => 3 + i * 3);
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(
    2,
    `<< /Type /Pages /Kids [${pages.map((p) => `${p} 0 R`).join(' ')}] /Count ${photos.length} >>`,
  );
  photos.forEach((photo, i) => {
    const [page, content, image] = [pages[i]!, pages[i]! + 1, pages[i]! + 2];
    const size = /(\d+)x(\d+)/.exec(photo.slice(photo.lastIndexOf('/')))!;
    const [w, h] = [Number(size[1]), Number(size[2])];
    object(
      page,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Contents ${content} 0 R /Resources << /XObject << /Im0 ${image} 0 R >> >> >>`,
    );
    const draw = `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`;
    object(content, `<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`);
    const jpeg = readFileSync(photo);
    offsets[image] = at;
    put(
      `${image} 0 obj\n<< /Type /XObject /Subtype /Image /Width ${w} /Height ${h} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${statSync(photo).size} >>\nstream\n`,
    );
    put(jpeg);
    put('\nendstream\nendobj\n');
  });
  const xref = at;
  let table = `xref\n0 ${offsets.length}\n0000000000 65535 f\r\n`;
  for (let n = 1; n < offsets.length; n++)
    table += `${String(offsets[n]).padStart(10, '0')} 00000 n\r\n`;
  put(
    `${table}trailer\n<< /Size ${offsets.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
  );
  closeSync(fd);
}
