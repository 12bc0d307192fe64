/**
 * What a file shows, read by independent tools, so the sweep can say the clean copy kept it:
 * decoded pixels, orientation and colour profile (ImageMagick, exiftool); decoded frames of every
 * stream (ffmpeg framemd5); a document's text (pdftotext, LibreOffice to PDF, its XHTML members).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';

export type ContentKind =
  'pixels' | 'frames' | 'pdf' | 'office' | 'epub' | 'none';

const MAX_OUTPUT = 512 << 20;
const SOFFICE_PROFILE = `file://${mkdtempSync(join(tmpdir(), 'sweep-soffice-'))}`;

const digest = (data: string | Uint8Array): string =>
  createHash('sha256').update(data).digest('hex').slice(0, 16);

function run(cmd: string, args: readonly string[]): string {
  return execFileSync(cmd, args, {
    maxBuffer: MAX_OUTPUT,
    stdio: ['ignore', 'pipe', 'pipe'],
  }).toString('latin1');
}

/** Pixels of every frame, the Orientation and whether an ICC profile is there. */
function pixels(path: string): string {
  const frames = execFileSync('convert', [path, '-depth', '8', 'rgba:-'], {
    maxBuffer: MAX_OUTPUT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tags = run('exiftool', [
    '-s3',
    '-n',
    '-Orientation',
    '-ICC_Profile:ProfileClass',
    path,
  ]);
  return `pixels ${digest(frames)}; ${tags.split('\n').filter(Boolean).join(', ')}`;
}

/**
 * A digest per decoded frame of every audio and video stream; a cover picture (`attached_pic`,
 * `0:V` leaves it out) is metadata that goes, not a frame. `skip_manual` keeps the encoder's
 * padding: an MP3 without its ID3v1 tag has a Xing byte count that matches, so ffmpeg trims its
 * last frame's padding where it did not before, with the same samples.
 */
function frames(path: string): string {
  const out = spawnSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-flags2',
      '+skip_manual',
      '-i',
      path,
      '-map',
      '0:V?',
      '-map',
      '0:a?',
      '-f',
      'framemd5',
      '-',
    ],
    { maxBuffer: MAX_OUTPUT, encoding: 'latin1' },
  );
  const lines = out.stdout
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'));
  return lines.length === 0
    ? `no frames: ${out.stderr.slice(0, 120)}`
    : `frames ${lines.length} ${digest(lines.join('\n'))}`;
}

/**
 * Text as a digest, with the canaries meant to go taken out first: a tracked deletion shows in
 * LibreOffice's print of the input and is gone from the clean copy, which accepts the changes.
 */
const textDigest = (text: string, gone: readonly string[]): string =>
  `text ${digest(
    gone
      .reduce((t, c) => t.split(c).join(''), text)
      .replace(/\s+/g, ' ')
      .trim(),
  )}`;

function pdfText(path: string, gone: readonly string[]): string {
  return textDigest(run('pdftotext', ['-q', path, '-']), gone);
}

/** The document's text as LibreOffice prints it (to PDF, then pdftotext). */
function officeText(path: string, gone: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'sweep-txt-'));
  try {
    run('soffice', [
      `-env:UserInstallation=${SOFFICE_PROFILE}`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      dir,
      path,
    ]);
    const pdf = join(dir, basename(path).replace(/\.[^.]+$/, '.pdf'));
    return textDigest(run('pdftotext', ['-q', pdf, '-']), gone);
  } catch (error) {
    return `unreadable by LibreOffice: ${String(error).slice(0, 80)}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of an EPUB's XHTML members, tags aside. */
function epubText(path: string): string {
  const members = unzipSync(readFileSync(path));
  const text = Object.keys(members)
    .filter((name) => /\.x?html?$/.test(name))
    .sort()
    .map((name) =>
      strFromU8(members[name]!)
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' '),
    )
    .join('\n');
  return `text ${digest(text)}`;
}

/** What the file shows, as one line: equal lines mean the content was kept. */
export function contentOf(
  kind: ContentKind,
  path: string,
  gone: readonly string[] = [],
): string {
  try {
    switch (kind) {
      case 'pixels':
        return pixels(path);
      case 'frames':
        return frames(path);
      case 'pdf':
        return pdfText(path, gone);
      case 'office':
        return officeText(path, gone);
      case 'epub':
        return epubText(path);
      case 'none':
        return '';
    }
  } catch (error) {
    return `unreadable: ${String(error).split('\n')[0]!.slice(0, 100)}`;
  }
}

/** The LibreOffice profile the sweep's conversions share, apart from anyone else's. */
export const sofficeProfile = (): string => SOFFICE_PROFILE;
