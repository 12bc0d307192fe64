/**
 * An app's version string as a person would say it: product and version, without build numbers,
 * platforms and project tags ("LibreOffice/7.4.7.2$Linux_X86_64 LibreOffice_project/40$Build-2"
 * -> "LibreOffice 7.4"; "Lavf59.27.100" -> "FFmpeg (Lavf 59)"; "Lavc59.37.100 libx264" -> "FFmpeg
 * (Lavc 59, libx264)"). A string with no version in a shape we know is shown as it is.
 */

/**
 * FFmpeg's libraries sign files with their own name and version (`Lavf59.27.100`); a video
 * stream's encoder tag adds the codec library that encoded it (`Lavc59.37.100 libx264`).
 */
const FFMPEG_LIBRARY =
  /^(Lavf|Lavc|Lavu)\s*(\d+)(?:\.\d+)*(?:\s+([\w.-]{1,40}))?\s*$/i;
/** A product name, then `/`, a space, `_` or `-`, then a version (an optional `v`). */
const PRODUCT_VERSION =
  /^([\p{L}][\p{L}\p{N}®™ .&+()'-]*?)[\s/_-]+v?(\d+)(?:\.(\d+))?(?:[.\d]*)/u;
/** Enough of a name to recognise the product. */
const MAX_SOFTWARE_CHARS = 60;

export function softwareName(raw: string): string {
  const text = raw.trim();
  const ffmpeg = FFMPEG_LIBRARY.exec(text);
  if (ffmpeg)
    return `FFmpeg (${ffmpeg[1]} ${ffmpeg[2]}${ffmpeg[3] ? `, ${ffmpeg[3]}` : ''})`;
  const m = PRODUCT_VERSION.exec(text);
  if (!m) return text.slice(0, MAX_SOFTWARE_CHARS);
  const product = m[1]!.trim();
  // "HTML Tidy for Linux (vers 7 December 2008)": the number is inside a parenthesis the product
  // opens, a date, not a version; cut there, the name would end "(vers 7".
  if (product.split('(').length !== product.split(')').length)
    return text.slice(0, MAX_SOFTWARE_CHARS);
  const version = m[3] === undefined ? m[2] : `${m[2]}.${m[3]}`;
  return `${product} ${version}`.slice(0, MAX_SOFTWARE_CHARS);
}
