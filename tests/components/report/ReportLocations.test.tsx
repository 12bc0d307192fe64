/**
 * Where the engine found something, when it names the place in its own words (a GIF's comment
 * extension, the start of an MP3 file, an Ogg stream's Vorbis comment header), reads in the
 * visitor's words in the technical details of every message set, never in the engine's English; a
 * name from the file or its format (`ID3v2.4`) stays as written. The findings are the engine's,
 * from files an independent reader checks first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_SETS } from '../../../i18n/locales';
import { Report } from '../../../src/features/report/Report';
import type { CleanSuccess } from '../../../src/worker-bridge/clean-bridge';
import { clean, type Sniffed } from '../../../workers/engine/index';
import { convert, tempDir } from '../../helpers/image-tools';
import {
  exiftool,
  ffmpeg,
  ffprobe,
  TEST_AUDIO,
} from '../../helpers/video-tools';
import { messagesOf, renderWithIntl } from '../uploader/render-with-intl';

afterEach(cleanup);

const CANARY = 'CANARY_WHERE_WORDS';

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

let gif: CleanSuccess;
let mp3: CleanSuccess;
let ogg: CleanSuccess;
beforeAll(async () => {
  const dir = tempDir('report-locations');
  const gifPath = join(dir, 'picture.gif');
  convert(['-size', '8x8', 'xc:red', '-set', 'comment', CANARY, gifPath]);
  expect(exiftool(gifPath)).toContain(CANARY);
  gif = await cleaned(gifPath, 'picture.gif');

  const mp3Path = join(dir, 'song.mp3');
  ffmpeg([
    ...TEST_AUDIO,
    '-c:a',
    'libmp3lame',
    '-id3v2_version',
    '4',
    '-metadata',
    `title=${CANARY}`,
    mp3Path,
  ]);
  expect(ffprobe(mp3Path)).toContain(CANARY);
  mp3 = await cleaned(mp3Path, 'song.mp3');

  const oggPath = join(dir, 'song.ogg');
  ffmpeg([
    ...TEST_AUDIO,
    '-c:a',
    'libvorbis',
    '-metadata',
    `title=${CANARY}`,
    oggPath,
  ]);
  expect(ffprobe(oggPath)).toContain(CANARY);
  ogg = await cleaned(oggPath, 'song.ogg');
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
  const words = (id: string) => messages[`report.where.${id}`]!;

  it('place a GIF’s comment in the visitor’s words', () => {
    const text = technicalText(gif, set);
    expect(text).toContain(CANARY);
    expect(text).toContain(words('comment-extension'));
    if (!english) expect(text).not.toContain('comment extension');
  });

  it('place an MP3’s tag at the start of the file, the tag’s version as written', () => {
    const text = technicalText(mp3, set);
    expect(text).toContain(CANARY);
    expect(text).toContain(`${words('start-of-file')} ID3v2.4`);
    if (!english) expect(text).not.toContain('start of file');
  });

  it('place an Ogg stream’s tags in the visitor’s words', () => {
    const text = technicalText(ogg, set);
    expect(text).toContain(CANARY);
    expect(text).toContain(words('vorbis-comment-header'));
    if (!english) expect(text).not.toContain('Vorbis comment header');
  });
});
