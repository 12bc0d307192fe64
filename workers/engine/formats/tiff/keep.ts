/**
 * The tags an image IFD keeps: what a reader needs to decode and display the pixels (TIFF 6.0
 * baseline and extensions, parts 1 and 2), plus the ICC profile. Every other tag is removed: an
 * allow-list, so a private tag we do not know cannot carry a name or a place out.
 */
export const KEPT_IMAGE_TAGS: ReadonlySet<number> = new Set([
  0x00fe, // NewSubfileType
  0x00ff, // SubfileType
  0x0100, // ImageWidth
  0x0101, // ImageLength
  0x0102, // BitsPerSample
  0x0103, // Compression
  0x0106, // PhotometricInterpretation
  0x0107, // Threshholding
  0x0108, // CellWidth
  0x0109, // CellLength
  0x010a, // FillOrder
  0x0111, // StripOffsets
  0x0112, // Orientation
  0x0115, // SamplesPerPixel
  0x0116, // RowsPerStrip
  0x0117, // StripByteCounts
  0x0118, // MinSampleValue
  0x0119, // MaxSampleValue
  0x011a, // XResolution
  0x011b, // YResolution
  0x011c, // PlanarConfiguration
  0x011e, // XPosition
  0x011f, // YPosition
  0x0120, // FreeOffsets
  0x0121, // FreeByteCounts
  0x0122, // GrayResponseUnit
  0x0123, // GrayResponseCurve
  0x0124, // T4Options
  0x0125, // T6Options
  0x0128, // ResolutionUnit
  0x0129, // PageNumber
  0x012d, // TransferFunction
  0x013d, // Predictor
  0x013e, // WhitePoint
  0x013f, // PrimaryChromaticities
  0x0140, // ColorMap
  0x0141, // HalftoneHints
  0x0142, // TileWidth
  0x0143, // TileLength
  0x0144, // TileOffsets
  0x0145, // TileByteCounts
  0x014a, // SubIFDs
  0x014c, // InkSet
  0x014e, // NumberOfInks
  0x0150, // DotRange
  0x0152, // ExtraSamples
  0x0153, // SampleFormat
  0x0154, // SMinSampleValue
  0x0155, // SMaxSampleValue
  0x0156, // TransferRange
  0x015b, // JPEGTables
  0x0200, // JPEGProc
  0x0201, // JPEGInterchangeFormat
  0x0202, // JPEGInterchangeFormatLength
  0x0203, // JPEGRestartInterval
  0x0205, // JPEGLosslessPredictors
  0x0206, // JPEGPointTransforms
  0x0207, // JPEGQTables
  0x0208, // JPEGDCTables
  0x0209, // JPEGACTables
  0x0211, // YCbCrCoefficients
  0x0212, // YCbCrSubSampling
  0x0213, // YCbCrPositioning
  0x0214, // ReferenceBlackWhite
  0x8773, // ICC_Profile
]);

/** Offset/length tag pairs that locate image data: never zeroed, whatever else points there. */
export const DATA_LOCATORS: readonly (readonly [
  offsets: number,
  lengths: number,
])[] = [
  [0x0111, 0x0117],
  [0x0144, 0x0145],
  [0x0201, 0x0202],
];

/** PhotometricInterpretation values of camera raw data (TIFF/EP, DNG): CFA and LinearRaw. */
export const RAW_PHOTOMETRIC: ReadonlySet<number> = new Set([32803, 34892]);
export const PHOTOMETRIC_TAG = 0x0106;
