import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * A generated fixture kept in `folder` between runs (slow makers: LibreOffice, ffmpeg): made
 * once, written to a temporary name and renamed, so a run cut short or one beside it never
 * reads half a file.
 */
export function keptBetweenRuns(
  folder: string,
  name: string,
  make: () => Uint8Array,
): Uint8Array {
  mkdirSync(folder, { recursive: true });
  const kept = join(folder, name);
  if (!existsSync(kept)) {
    const temp = `${kept}.${process.pid}.tmp`;
    writeFileSync(temp, make());
    renameSync(temp, kept);
  }
  return new Uint8Array(readFileSync(kept));
}
