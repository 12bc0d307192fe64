/** Matroska / EBML element ids (RFC 8794 EBML, RFC 9559 Matroska), with their length marker kept. */
export const EBML_HEADER = 0x1a45dfa3;
export const DOC_TYPE = 0x4282;
export const SEGMENT = 0x18538067;

export const SEEK_HEAD = 0x114d9b74;
export const SEEK = 0x4dbb;
export const SEEK_ID = 0x53ab;
export const INFO = 0x1549a966;
export const TRACKS = 0x1654ae6b;
export const TAGS = 0x1254c367;
export const ATTACHMENTS = 0x1941a469;
export const CLUSTER = 0x1f43b675;

export const VOID = 0xec;
export const CRC_32 = 0xbf;

// Info children
export const TITLE = 0x7ba9;
export const DATE_UTC = 0x4461;
export const MUXING_APP = 0x4d80;
export const WRITING_APP = 0x5741;
export const SEGMENT_UUID = 0x73a4;
export const SEGMENT_FILENAME = 0x7384;
export const PREV_FILENAME = 0x3c83ab;
export const NEXT_FILENAME = 0x3e83bb;
export const PREV_UUID = 0x3cb923;
export const NEXT_UUID = 0x3eb923;
export const SEGMENT_FAMILY = 0x4444;
export const CHAPTER_TRANSLATE = 0x6924;
export const TIMESTAMP_SCALE = 0x2ad7b1;
export const DURATION = 0x4489;

// Tracks children
export const TRACK_ENTRY = 0xae;
export const TRACK_NAME = 0x536e;
export const CODEC_ID = 0x86;
export const CODEC_PRIVATE = 0x63a2;
export const TRACK_NUMBER = 0xd7;
export const LANGUAGE = 0x22b59c;
export const LANGUAGE_BCP47 = 0x22b59d;
export const CONTENT_ENCODINGS = 0x6d80;

// Cluster children that carry a track's frames
export const SIMPLE_BLOCK = 0xa3;
export const BLOCK_GROUP = 0xa0;
export const BLOCK = 0xa1;

// Tags children
export const TAG = 0x7373;
export const SIMPLE_TAG = 0x67c8;
export const TAG_NAME = 0x45a3;
export const TAG_STRING = 0x4487;

// Attachments children
export const ATTACHED_FILE = 0x61a7;
export const FILE_DESCRIPTION = 0x467e;
export const FILE_NAME = 0x466e;
export const FILE_MEDIA_TYPE = 0x4660;

/** Children a Cluster may hold; any other id ends an unknown-size Cluster (RFC 8794 6.2). */
export const CLUSTER_CHILDREN: ReadonlySet<number> = new Set([
  0xe7, // Timestamp
  0x5854, // SilentTracks
  0xa7, // Position
  0xab, // PrevSize
  0xa3, // SimpleBlock
  0xa0, // BlockGroup
  0xaf, // EncryptedBlock
  VOID,
  CRC_32,
]);
export const SEEK_POSITION = 0x53ac;

// Level-1 elements the walk knows besides those above (RFC 9559 5.1)
export const CHAPTERS = 0x1043a770;
export const CUES = 0x1c53bb6b;

// Chapters children (RFC 9559 5.1.7): editions hold atoms, atoms hold displays and atoms
export const EDITION_ENTRY = 0x45b9;
export const CHAPTER_ATOM = 0xb6;
export const CHAPTER_DISPLAY = 0x80;
export const CHAP_STRING = 0x85;
export const CHAP_PROCESS = 0x6944;
export const EDITION_UID = 0x45bc;
export const EDITION_FLAG_HIDDEN = 0x45bd;
export const EDITION_FLAG_DEFAULT = 0x45db;
export const EDITION_FLAG_ORDERED = 0x45dd;
export const EDITION_DISPLAY = 0x4520;
export const EDITION_STRING = 0x4521;
export const EDITION_LANGUAGE_IETF = 0x45e4;
export const CHAPTER_UID = 0x73c4;
export const CHAPTER_STRING_UID = 0x5654;
export const CHAPTER_TIME_START = 0x91;
export const CHAPTER_TIME_END = 0x92;
export const CHAPTER_FLAG_HIDDEN = 0x98;
export const CHAPTER_FLAG_ENABLED = 0x4598;
export const CHAPTER_SEGMENT_UUID = 0x6e67;
export const CHAPTER_SKIP_TYPE = 0x4588;
export const CHAPTER_SEGMENT_EDITION_UID = 0x6ebc;
export const CHAPTER_PHYSICAL_EQUIV = 0x63c3;
export const CHAPTER_TRACK = 0x8f;
export const CHAPTER_TRACK_UID = 0x89;
export const CHAP_LANGUAGE = 0x437c;
export const CHAP_LANGUAGE_BCP47 = 0x437d;
export const CHAP_COUNTRY = 0x437e;

// TrackEntry children (RFC 9559 5.1.4.1), beside those above
export const TRACK_UID = 0x73c5;
export const TRACK_TYPE = 0x83;
export const FLAG_ENABLED = 0xb9;
export const FLAG_DEFAULT = 0x88;
export const FLAG_FORCED = 0x55aa;
export const FLAG_HEARING_IMPAIRED = 0x55ab;
export const FLAG_VISUAL_IMPAIRED = 0x55ac;
export const FLAG_TEXT_DESCRIPTIONS = 0x55ad;
export const FLAG_ORIGINAL = 0x55ae;
export const FLAG_COMMENTARY = 0x55af;
export const FLAG_LACING = 0x9c;
export const MIN_CACHE = 0x6de7;
export const MAX_CACHE = 0x6df8;
export const DEFAULT_DURATION = 0x23e383;
export const DEFAULT_DECODED_FIELD_DURATION = 0x234e7a;
export const TRACK_TIMESTAMP_SCALE = 0x23314f;
export const TRACK_OFFSET = 0x537f;
export const MAX_BLOCK_ADDITION_ID = 0x55ee;
export const BLOCK_ADDITION_MAPPING = 0x41e4;
export const BLOCK_ADD_ID_VALUE = 0x41f0;
export const BLOCK_ADD_ID_NAME = 0x41a4;
export const BLOCK_ADD_ID_TYPE = 0x41e7;
export const BLOCK_ADD_ID_EXTRA_DATA = 0x41ed;
export const CODEC_NAME = 0x258688;
export const ATTACHMENT_LINK = 0x7446;
export const CODEC_SETTINGS = 0x3a9697;
export const CODEC_INFO_URL = 0x3b4040;
export const CODEC_DOWNLOAD_URL = 0x26b240;
export const CODEC_DECODE_ALL = 0xaa;
export const TRACK_OVERLAY = 0x6fab;
export const CODEC_DELAY = 0x56aa;
export const SEEK_PRE_ROLL = 0x56bb;
export const TRACK_TRANSLATE = 0x6624;
export const TRACK_TRANSLATE_TRACK_ID = 0x66a5;
export const TRACK_TRANSLATE_CODEC = 0x66bf;
export const TRACK_TRANSLATE_EDITION_UID = 0x66fc;
export const VIDEO = 0xe0;
export const AUDIO = 0xe1;
export const TRACK_OPERATION = 0xe2;
export const TRICK_TRACK_UID = 0xc0;
export const TRICK_TRACK_SEGMENT_UID = 0xc1;
export const TRICK_TRACK_FLAG = 0xc6;
export const TRICK_MASTER_TRACK_UID = 0xc7;
export const TRICK_MASTER_TRACK_SEGMENT_UID = 0xc4;

// Video children (RFC 9559 5.1.4.1.28)
export const COLOUR = 0x55b0;
export const MASTERING_METADATA = 0x55d0;
export const PROJECTION = 0x7670;

// TrackOperation children (RFC 9559 5.1.4.1.30)
export const TRACK_COMBINE_PLANES = 0xe3;
export const TRACK_PLANE = 0xe4;
export const TRACK_JOIN_BLOCKS = 0xe9;

// ContentEncodings children (RFC 9559 5.1.4.1.31)
export const CONTENT_ENCODING = 0x6240;
export const CONTENT_COMPRESSION = 0x5034;
export const CONTENT_ENCRYPTION = 0x5035;
export const CONTENT_ENC_AES_SETTINGS = 0x47e7;

// Cues children (RFC 9559 5.1.5): a CuePoint per seek point, its positions per track
export const CUE_POINT = 0xbb;
export const CUE_TIME = 0xb3;
export const CUE_TRACK_POSITIONS = 0xb7;
export const CUE_TRACK = 0xf7;
export const CUE_CLUSTER_POSITION = 0xf1;
export const CUE_RELATIVE_POSITION = 0xf0;
export const CUE_DURATION = 0xb2;
export const CUE_BLOCK_NUMBER = 0x5378;
export const CUE_CODEC_STATE = 0xea;
export const CUE_REFERENCE = 0xdb;
export const CUE_REF_TIME = 0x96;
// CueReference's children Matroska v1 to v3 defined (RFC 9559 annex A), still read by demuxers
export const CUE_REF_CLUSTER = 0x97;
export const CUE_REF_NUMBER = 0x535f;
export const CUE_REF_CODEC_STATE = 0xeb;

// Cluster children (RFC 9559 5.1.3), beside CLUSTER_CHILDREN: what a BlockGroup and its masters hold
export const SILENT_TRACKS = 0x5854;
export const SILENT_TRACK_NUMBER = 0x58d7;
export const BLOCK_VIRTUAL = 0xa2;
export const BLOCK_ADDITIONS = 0x75a1;
export const BLOCK_MORE = 0xa6;
export const BLOCK_ADDITIONAL = 0xa5;
export const BLOCK_ADD_ID = 0xee;
export const BLOCK_DURATION = 0x9b;
export const REFERENCE_PRIORITY = 0xfa;
export const REFERENCE_BLOCK = 0xfb;
export const REFERENCE_VIRTUAL = 0xfd;
export const CODEC_STATE = 0xa4;
export const DISCARD_PADDING = 0x75a2;
export const SLICES = 0x8e;
export const TIME_SLICE = 0xe8;
export const LACE_NUMBER = 0xcc;
export const FRAME_NUMBER = 0xcd;
export const BLOCK_ADDITION_ID = 0xcb;
export const DELAY = 0xce;
export const SLICE_DURATION = 0xcf;
export const REFERENCE_FRAME = 0xc8;
export const REFERENCE_OFFSET = 0xc9;
export const REFERENCE_TIMESTAMP = 0xca;
