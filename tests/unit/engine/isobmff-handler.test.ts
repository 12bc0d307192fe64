/**
 * An MP4 track's handler name (hdlr `name`, ISO/IEC 14496-12 8.4.3) is the writer's label for the
 * track: it is reported as a handler name, never as the encoder that made the file, and blanked.
 * ffprobe reads the planted name in the input first, and neither it nor the leak oracle in the
 * clean copy.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findingLines } from '../../../cli/report-words';
import { clean } from '../../../workers/engine/index';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { ffmpeg, ffprobe, tempDir } from '../../helpers/video-tools';

const HANDLER = 'CANARY_HANDLER';

describe('an MP4 handler name', () => {
  it('is a handler name, not an encoder, and goes', async () => {
    const path = join(tempDir('hdlr-name'), 'video.mp4');
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=64x64:d=0.2',
      '-c:v',
      'mpeg4',
      '-metadata:s:v:0',
      `handler_name=${HANDLER}`,
      path,
    ]);
    expect(ffprobe(path)).toContain(HANDLER);
    const input = new Uint8Array(readFileSync(path));

    const out = await clean(new Blob([input]), { name: 'video.mp4' });

    const handler = out.removed.filter((f) => f.value === HANDLER);
    expect(handler.map((f) => f.field)).toEqual(['software.handler-name']);
    const lines = findingLines(out.removed).join('\n');
    expect(lines).toContain(`Track handler name: ${HANDLER}`);
    expect(lines).not.toContain(`Encoder: ${HANDLER}`);
    const output = new Uint8Array(await out.blob.arrayBuffer());
    const outPath = `${path}.clean.mp4`;
    writeFileSync(outPath, output);
    expect(ffprobe(outPath)).not.toContain(HANDLER);
    expectNoLeaks(input, output, [HANDLER]);
  });
});
