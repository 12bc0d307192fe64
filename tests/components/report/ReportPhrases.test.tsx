/**
 * What the engine names in its own words, where the file has no name for it (a QuickTime
 * timecode track, bytes after a PNG's end), reads in the visitor's words in the technical details
 * of every message set, never in the engine's English; a name from the file (`tmcd`, `hdlr name`)
 * stays as written. The findings are the engine's, from files an independent reader checks first.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_SETS } from '../../../i18n/locales';
import { Report } from '../../../src/features/report/Report';
import type { CleanSuccess } from '../../../src/worker-bridge/clean-bridge';
import { clean, type Sniffed } from '../../../workers/engine/index';
import { convert, tempDir } from '../../helpers/image-tools';
import { listChunks } from '../../helpers/png-chunks';
import { ffmpeg, ffprobe } from '../../helpers/video-tools';
import { messagesOf, renderWithIntl } from '../uploader/render-with-intl';

afterEach(cleanup);

const TRAILING = 'CANARY_AFTER_IEND';

async function cleaned(path: string, name: string): Promise<CleanSuccess> {
  const out = await clean(new Blob([readFileSync(path)]), { name });
  return {
    ok: true,
    blob: out.blob,
    name: `cleaned_${name}`,
    format: out.format as Sniffed,
    removed: out.removed,
    kept: out.kept,
  };
}

let movie: CleanSuccess;
let picture: CleanSuccess;
beforeAll(async () => {
  const dir = tempDir('report-phrases');
  const mov = join(dir, 'clip.mov');
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'color=c=red:s=64x64:d=0.2',
    '-c:v',
    'mpeg4',
    '-timecode',
    '10:11:12:13',
    mov,
  ]);
  const probe = JSON.parse(ffprobe(mov)) as {
    streams: { codec_tag_string?: string; tags?: { timecode?: string } }[];
  };
  const timecode = probe.streams.find((s) => s.codec_tag_string === 'tmcd');
  expect(timecode?.tags?.timecode).toBe('10:11:12:13');
  movie = await cleaned(mov, 'clip.mov');

  const png = join(dir, 'picture.png');
  convert(['-size', '8x8', 'xc:red', png]);
  appendFileSync(png, TRAILING);
  const bytes = new Uint8Array(readFileSync(png));
  expect(listChunks(bytes).at(-1)?.type).toBe('IEND');
  expect(Buffer.from(bytes).toString('latin1').endsWith(TRAILING)).toBe(true);
  // ImageMagick reads the picture whole, the trailing bytes beside it.
  execFileSync('identify', [png]);
  picture = await cleaned(png, 'picture.png');
});

function technicalText(r: CleanSuccess, set: (typeof MESSAGE_SETS)[number]) {
  renderWithIntl(<Report result={r} fileName="f" downloadName={r.name} />, set);
  const details = document.querySelector('details.report-technical')!;
  details.setAttribute('open', '');
  fireEvent(details, new Event('toggle'));
  const text = details.textContent ?? '';
  cleanup();
  return text;
}

describe.each(MESSAGE_SETS)('the technical details in %s', (set) => {
  const messages = messagesOf(set);
  const english = set === 'en' || set === 'en-GB';

  it('name a timecode track in the visitor’s words, its box as written', () => {
    const text = technicalText(movie, set);
    expect(text).toContain(messages['report.phrase.timecode']);
    expect(text).toContain('tmcd');
    if (!english) expect(text).not.toContain('timecode track');
  });

  it('name the bytes after a PNG’s end in the visitor’s words', () => {
    const text = technicalText(picture, set);
    expect(text).toContain(messages['report.phrase.data-after-iend']);
    if (!english) expect(text).not.toContain('data after IEND');
  });
});
