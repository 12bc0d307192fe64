/**
 * Which parts of a file are its content, by its format: each found by a walk of the file of its
 * own (content-hash/README.md), never from the cleaner's plan, so a cleaner that damaged the
 * content cannot also misreport where the content is.
 */
import { ByteSource } from '../byte-source';
import { EngineError } from '../errors';
import type { FormatId } from '../format-catalog';
import { identify } from '../pipeline/identify';
import { flacFrameRanges, mp3FrameRanges } from './audio-frames';
import type { ByteRange } from '../engine-types';
import type { ContentKind, ContentPart } from './content-part';
import { isobmffDataRanges } from './isobmff-data';
import { jpegScanRanges } from './jpeg-scans';
import { matroskaClusterRanges } from './matroska-clusters';
import { isPackage, packageContentParts } from './package-parts';
import { pdfContentParts } from './pdf-pages';
import { pngIdatRanges } from './png-idat';
import {
  riffChunkRanges,
  WAV_SAMPLE_CHUNKS,
  WEBP_IMAGE_CHUNKS,
} from './riff-chunks';

type RangeLocator = (src: ByteSource) => Promise<ByteRange[]>;

/** Formats whose content is one run of ranges, what it is, and how it is found. */
const RANGE_LOCATORS: Partial<Record<FormatId, [ContentKind, RangeLocator]>> = {
  jpeg: ['image-data', jpegScanRanges],
  png: ['image-data', pngIdatRanges],
  webp: ['image-data', (src) => riffChunkRanges(src, WEBP_IMAGE_CHUNKS)],
  heic: ['image-data', isobmffDataRanges],
  avif: ['image-data', isobmffDataRanges],
  mp4: ['media-data', isobmffDataRanges],
  mov: ['media-data', isobmffDataRanges],
  webm: ['media-data', matroskaClusterRanges],
  mkv: ['media-data', matroskaClusterRanges],
  wav: ['audio-data', (src) => riffChunkRanges(src, WAV_SAMPLE_CHUNKS)],
  mp3: ['audio-data', mp3FrameRanges],
  flac: ['audio-data', flacFrameRanges],
};

/**
 * The content parts of a file, or `unsupported` for a format whose content we do not locate
 * (GIF, TIFF, SVG, BMP, AVI, ASF, FLV, Ogg, AIFF, legacy Office, plain zip archives).
 */
export async function locateContent(
  src: ByteSource,
  signal?: AbortSignal,
): Promise<{ format: FormatId; parts: ContentPart[] }> {
  const [, sniffed] = await identify(src);
  const format = sniffed.id;
  const ranged = RANGE_LOCATORS[format];
  if (ranged) {
    const [kind, locate] = ranged;
    const ranges = await locate(src);
    return {
      format,
      parts: [{ kind, key: kind, bytes: { kind: 'ranges', ranges } }],
    };
  }
  if (format === 'pdf')
    return { format, parts: await pdfContentParts(src, signal) };
  if (isPackage(format))
    return { format, parts: await packageContentParts(src, format, signal) };
  throw new EngineError(
    'unsupported',
    `the content of ${format} files is not located`,
  );
}
