/**
 * Files an operating system leaves in folders it shows, which end up in archives zipped by hand:
 * macOS Finder's `.DS_Store` (file and folder names, window positions) and AppleDouble `._*`
 * files under `__MACOSX/` (extended attributes such as the address a file was downloaded from),
 * Windows' `Thumbs.db` (thumbnails, also of pictures since deleted) and `desktop.ini`. No reader
 * of a document uses them.
 */
const SYSTEM_FILES =
  /(^|\/)(\.DS_Store|Thumbs\.db|ehthumbs\.db|desktop\.ini|\._[^/]*)$|^__MACOSX\//i;

export const isSystemFile = (name: string): boolean => SYSTEM_FILES.test(name);
