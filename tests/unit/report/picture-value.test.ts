/**
 * A cover picture the engine does not decode (a FLAC PICTURE block) reads as a picture in words,
 * "PNG image, 16 × 12 pixels", in the terminal and in the seven message sets, never its raw MIME
 * type "image/png 16x12"; its description stays as the file wrote it. exiftool reads the picture
 * in the input first, and none in the clean copy.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createIntl } from 'react-intl';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_SETS } from '../../../i18n/locales';
import { findingLines } from '../../../cli/report-words';
import { formatValue } from '../../../src/features/report/values';
import { clean, type Finding } from '../../../workers/engine/index';
import { exiftoolTags } from '../../helpers/exiftool';
import { convert, tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { ffmpeg } from '../../helpers/video-tools';
import { langOf, messagesOf } from '../../components/uploader/render-with-intl';

const DESCRIPTION = 'CANARY_PICTURE';

let path: string;
let input: Uint8Array<ArrayBuffer>;
let output: Uint8Array;
let picture: Finding;
let removed: readonly Finding[];
beforeAll(async () => {
  const dir = tempDir('flac-picture');
  const cover = join(dir, 'cover.png');
  convert(['-size', '16x12', 'xc:blue', cover]);
  path = join(dir, 'song.flac');
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'sine=d=0.3:sample_rate=8000', '-i', cover],
    ...['-map', '0', '-map', '1', '-c:a', 'flac', '-c:v', 'png'],
    ...['-disposition:v', 'attached_pic', '-metadata:s:v'],
    `title=${DESCRIPTION}`,
    path,
  ]);
  input = new Uint8Array(readFileSync(path));
  const out = await clean(new Blob([input]), { name: 'song.flac' });
  output = new Uint8Array(await out.blob.arrayBuffer());
  removed = out.removed;
  picture = removed.find((f) => f.field === 'thumbnail.image')!;
});

describe('a FLAC cover picture', () => {
  it('is in the file, as exiftool reads it', () => {
    const tags = exiftoolTags(path);
    expect(tags['FLAC:PictureMIMEType']).toBe('image/png');
    expect(tags['FLAC:PictureWidth']).toBe(16);
    expect(tags['FLAC:PictureDescription']).toBe(DESCRIPTION);
  });

  it('reads as a picture in words in the terminal', () => {
    const lines = findingLines(removed).join('\n');
    expect(lines).toContain(
      `Thumbnail: PNG image, 16 × 12 pixels "${DESCRIPTION}"`,
    );
    expect(lines).not.toContain('image/png');
  });

  it.each(MESSAGE_SETS)('shows no MIME type in %s', (set) => {
    const intl = createIntl({ locale: langOf(set), messages: messagesOf(set) });
    const shown = formatValue(intl, picture.field, picture.value);
    expect(shown).not.toContain('image/');
    expect(shown).toContain('PNG');
    expect(shown).toContain(DESCRIPTION);
  });

  it('is gone from the clean copy', () => {
    const cleaned = join(tempDir('flac-picture-out'), 'song.flac');
    writeFileSync(cleaned, output);
    expect(exiftoolTags(cleaned)['FLAC:PictureMIMEType']).toBeUndefined();
    expectNoLeaks(input, output, [DESCRIPTION]);
  });
});
