/**
 * The terminal's words for what a real file holds: each field named as what it is. The input is
 * read by an independent reader first (exiftool, ffprobe), then the engine's findings are put in
 * the terminal's words.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findingLines } from '../../../cli/report-words';
import { clean } from '../../../workers/engine/index';
import { corpusFile, describeCorpus } from '../../helpers/corpus';
import { exiftoolTags } from '../../helpers/exiftool';
import { tempDir } from '../../helpers/image-tools';
import { ffmpeg, ffprobe } from '../../helpers/video-tools';

async function linesOf(path: string, name: string): Promise<string> {
  const out = await clean(new Blob([readFileSync(path)]), { name });
  return findingLines(out.removed).join('\n');
}

describe('an FFmpeg encoder string', () => {
  it('reads as FFmpeg with its codec library, as the muxer’s string does', async () => {
    const path = join(tempDir('encoder-words'), 'x264.mp4');
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=64x64:d=0.2',
      '-c:v',
      'libx264',
      path,
    ]);
    const probe = JSON.parse(ffprobe(path)) as {
      streams: { tags?: { encoder?: string } }[];
    };
    expect(probe.streams[0]?.tags?.encoder).toMatch(/^Lavc\d+\.\S+ libx264$/);

    const lines = await linesOf(path, 'x264.mp4');

    expect(lines).toMatch(/Encoder: FFmpeg \(Lavc \d+, libx264\)/);
    expect(lines).not.toMatch(/Lavc\d+\.\d+/);
  });
});

describeCorpus('FlashPix.ppt', () => {
  it('names its Manager a manager, not an organization', async () => {
    const path = corpusFile('legacy-office', 'FlashPix.ppt');
    expect(exiftoolTags(path)['FlashPix:Manager']).toBe('manager');

    const lines = await linesOf(path, 'FlashPix.ppt');

    expect(lines).toContain('Manager: manager');
    expect(lines).not.toContain('Organization: manager');
  });
});

describeCorpus('IMG_5195.HEIC', () => {
  it('names its LensMake the lens maker, not the lens', async () => {
    const path = corpusFile('exif-samples', 'IMG_5195.HEIC');
    expect(exiftoolTags(path)['ExifIFD:LensMake']).toBe('Apple');

    const lines = await linesOf(path, 'IMG_5195.HEIC');

    expect(lines).toContain('Lens maker: Apple');
    expect(lines).not.toContain('Lens: Apple');
  });
});
