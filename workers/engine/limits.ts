/** Bounds on work for hostile input. Named here so every parser uses the same ones. */

/** The site's stated per-file limit; the site's texts read this constant too. */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;

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

/** How deep files may nest inside files (an image in a document in a document...). */
export const MAX_NESTED_DEPTH = 4;

/**
 * The largest document (PDF, Office, OpenDocument, EPUB) the engine takes. Documents are rewritten
 * object by object or member by member, and their parts that change are held in memory; photos,
 * video and audio are cleaned in place of slices and have no such bound.
 */
export const MAX_DOCUMENT_BYTES = 1024 * 1024 * 1024;
