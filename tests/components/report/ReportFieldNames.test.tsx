/**
 * The friendly rows name what a field is: a picture's job or transmission reference (IPTC 2:103,
 * XMP photoshop:TransmissionReference) is a job reference, not a unique id; a QuickTime timecode
 * track is the time of day the recording started, not "Date detail: 1 detail". The findings are
 * the engine's, from files an independent reader checks first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_SETS } from '../../../i18n/locales';
import { Report } from '../../../src/features/report/Report';
import type { CleanSuccess } from '../../../src/worker-bridge/clean-bridge';
import { clean, type Sniffed } from '../../../workers/engine/index';
import { convert, exiftoolWrite, tempDir } from '../../helpers/image-tools';
import { exiftool, ffmpeg, ffprobe } from '../../helpers/video-tools';
import { messagesOf, renderWithIntl } from '../uploader/render-with-intl';

afterEach(cleanup);

const IIM_JOB = 'CANARY_IIM_JOB';
const XMP_JOB = 'CANARY_XMP_JOB';

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

let photo: CleanSuccess;
let movie: CleanSuccess;
beforeAll(async () => {
  const dir = tempDir('report-field-names');
  const jpg = join(dir, 'photo.jpg');
  convert(['-size', '8x8', 'xc:red', jpg]);
  exiftoolWrite(jpg, [
    `-IPTC:OriginalTransmissionReference=${IIM_JOB}`,
    `-XMP-photoshop:TransmissionReference=${XMP_JOB}`,
  ]);
  const tags = exiftool(jpg);
  expect(tags).toContain(`"IPTC:OriginalTransmissionReference": "${IIM_JOB}"`);
  expect(tags).toContain(`"XMP-photoshop:TransmissionReference": "${XMP_JOB}"`);
  photo = await cleaned(jpg, 'photo.jpg');

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
});

/** The report's rows as it opens, each as its label and value. */
function rows(r: CleanSuccess, set: (typeof MESSAGE_SETS)[number]) {
  renderWithIntl(<Report result={r} fileName="f" downloadName={r.name} />, set);
  const found = [...document.querySelectorAll('.report-row')].map(
    (row) =>
      `${row.querySelector('.report-label')?.textContent}: ${row.querySelector('.report-value')?.textContent}`,
  );
  cleanup();
  return found;
}

describe.each(MESSAGE_SETS)('the report’s rows in %s', (set) => {
  const messages = messagesOf(set);

  it('call a picture’s transmission reference a job reference', () => {
    const shown = rows(photo, set);
    const job = messages['report.field.job-reference']!;
    expect(shown).toContain(`${job}: ${IIM_JOB}`);
    expect(shown).toContain(`${job}: ${XMP_JOB}`);
    const uniqueId = `${messages['report.field.unique-id']}:`;
    expect(shown.filter((row) => row.startsWith(uniqueId))).toEqual([]);
  });

  it('call a timecode track the time of day the recording started', () => {
    const shown = rows(movie, set);
    expect(shown).toContain(
      `${messages['report.field.recording-start']}: ${messages['report.phrase.timecode']}`,
    );
    const dateDetail = `${messages['report.field.date-detail']}:`;
    expect(shown.filter((row) => row.startsWith(dateDetail))).toEqual([]);
  });
});
