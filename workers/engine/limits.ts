/** Bounds on work for hostile input. Named here so every parser uses the same ones. */

/** How far into the file the sniffers look. */
export const SNIFF_BYTES = 64;

/** Nesting limit for container formats (ISOBMFF boxes, EBML elements, RIFF lists, IFD chains). */
export const MAX_DEPTH = 32;

/** Upper bound on entries walked in one structure (segments, chunks, boxes, IFD entries). */
export const MAX_ENTRIES = 1_000_000;

/** The largest single metadata block we read into memory (EXIF, XMP, a moov box, a zip member). */
export const MAX_METADATA_BYTES = 64 * 1024 * 1024;

/** Total decompressed bytes allowed from one archive (zip bombs). */
export const MAX_DECOMPRESSED_BYTES = 512 * 1024 * 1024;

/**
 * Bytes of cleaned zip members (photos inflated from a document and cleaned) one package holds in
 * memory, so the output is written from them instead of inflating and cleaning each again. Past it,
 * a cleaned member is made again from the input each time the output is read or written: memory
 * stays bounded whatever the member count, and only the time grows.
 */
export const MAX_HELD_MEMBER_BYTES = 128 * 1024 * 1024;

/** How deep files may nest inside files (an image in a document in a document...). */
export const MAX_NESTED_DEPTH = 4;

/**
 * The largest document (PDF, Office, OpenDocument, EPUB) the engine takes. Documents are rewritten
 * object by object or member by member, and their parts that change are held in memory; photos,
 * video and audio are cleaned in place of slices and have no such bound.
 */
export const MAX_DOCUMENT_BYTES = 1024 * 1024 * 1024;

/**
 * The largest photo, video or audio file the engine and the site take. These are cleaned in place
 * of slices of the visitor's File: the engine reads only the metadata regions (each bounded by
 * MAX_METADATA_BYTES) and the output is a Blob made of slices of the input, so neither time nor
 * memory grows with the file. The bound is what a browser hands us reliably: Chromium and Firefox
 * give a picked or dropped File of any size as a disk-backed Blob, and 16 GiB covers a long 4K phone
 * recording while staying far below the 2^53 bytes where offsets stop being exact numbers.
 */
export const MAX_MEDIA_BYTES = 16 * 1024 * 1024 * 1024;

/** The largest file of any kind: what the site states when it names one figure. */
export const MAX_FILE_BYTES = Math.max(MAX_MEDIA_BYTES, MAX_DOCUMENT_BYTES);

/** The families of the format catalog, each with its own size limit. */
export type FileFamily = 'image' | 'video' | 'audio' | 'document';

/** The size limit for a catalog kind: documents are held part by part, media are not. */
export function maxBytesFor(kind: FileFamily): number {
  return kind === 'document' ? MAX_DOCUMENT_BYTES : MAX_MEDIA_BYTES;
}
