import type { ByteRange } from '../engine-types';

/**
 * What a part of a file's content is, as the report names it. The producer says what a thing is
 * (STYLE: one source for each fact); the report maps the kind to words.
 */
export type ContentKind =
  /** Compressed pixels: JPEG entropy-coded scans, PNG IDAT, WebP VP8/VP8L/ALPH, HEIF items. */
  | 'image-data'
  /** Samples of a video or recording: an ISOBMFF `mdat`, Matroska Clusters. */
  | 'media-data'
  /** The samples of one track of an MP4 or MOV, by its track number and handler type. */
  | 'track-data'
  /** Audio frames or samples: MP3 and FLAC frames, a WAV `data` chunk. */
  | 'audio-data'
  /** A PDF page's content streams, decoded and joined in their order. */
  | 'page-content'
  /** An image a PDF page draws, by its resource name. */
  | 'page-image'
  /** A member of an Office, OpenDocument or EPUB package that holds its content. */
  | 'document-part';

/** Where a part's bytes are: ranges of the file read in order, or bytes decoded from it. */
export type ContentBytes =
  | { readonly kind: 'ranges'; readonly ranges: readonly ByteRange[] }
  | { readonly kind: 'decoded'; readonly read: () => Promise<Uint8Array> };

/** One part of a file's content that cleaning must keep byte for byte. */
export interface ContentPart {
  readonly kind: ContentKind;
  /**
   * Names the part among the file's parts, the same in the original and in its copy: the key
   * the two are paired by (`page 2`, `word/document.xml`, `mdat 1`).
   */
  readonly key: string;
  /** The page a `page-content` or `page-image` part belongs to, from 1. */
  readonly page?: number;
  /** The archive member the part is in, when the file is a zip archive of files. */
  readonly member?: string;
  /** The track a `track-data` part holds, by its number in the movie. */
  readonly track?: number;
  /**
   * The name the file gives the part (a zip member, an image resource, a track's handler type),
   * when it has one.
   */
  readonly name?: string;
  readonly bytes: ContentBytes;
}

/** The sum of a part's ranges, for parts held as ranges. */
export function rangesLength(ranges: readonly ByteRange[]): number {
  return ranges.reduce((sum, r) => sum + (r.end - r.start), 0);
}
