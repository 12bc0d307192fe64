/** Signatures and fixed sizes of the zip format (APPNOTE.TXT, sections 4.3.7 to 4.3.16). */
export const LOCAL_HEADER_SIG = 0x04034b50;
export const CENTRAL_HEADER_SIG = 0x02014b50;
export const END_OF_CENTRAL_DIR_SIG = 0x06054b50;
export const ZIP64_END_SIG = 0x06064b50;
export const ZIP64_LOCATOR_SIG = 0x07064b50;
export const LOCAL_HEADER_SIZE = 30;
export const CENTRAL_HEADER_SIZE = 46;
export const END_OF_CENTRAL_DIR_SIZE = 22;
export const ZIP64_LOCATOR_SIZE = 20;
export const ZIP64_END_SIZE = 56;
/** The end record may be followed by a comment of up to 65535 bytes. */
export const MAX_COMMENT = 0xffff;
export const ZIP64_EXTRA_ID = 0x0001;
/** General purpose flag bits: 0 encrypted, 3 sizes in a data descriptor, 11 UTF-8 names. */
export const FLAG_ENCRYPTED = 0x0001;
export const FLAG_UTF8 = 0x0800;
export const METHOD_STORED = 0;
export const METHOD_DEFLATED = 8;
/** MS-DOS date of 1980-01-01 (the earliest a zip can say) and time 00:00:00. */
export const DOS_DATE_1980 = (0 << 9) | (1 << 5) | 1;
export const DOS_TIME_MIDNIGHT = 0;
/** Version needed to extract: 2.0 (deflate). */
export const VERSION_20 = 20;
export const MAX_U16 = 0xffff;
export const MAX_U32 = 0xffffffff;
