/**
 * SeekHead entries that point at a level-1 element we voided whole (Tags, Attachments) are voided
 * too, so the index does not announce metadata that is gone (RFC 9559 5.1.1.1).
 */
import { noteCrc, type Analysis } from './targets';
import type { EbmlCursor } from './cursor';
import { readUint } from './ebml';
import { SEEK, SEEK_HEAD, SEEK_POSITION } from './ids';
import type { Segment } from './segment';

const MAX_POSITION_BYTES = 8;

export async function scanSeekHeads(
  cursor: EbmlCursor,
  segment: Segment,
  into: Analysis,
): Promise<void> {
  const voided = new Set(
    into.targets.filter((t) => !t.replacement).map((t) => t.element.offset),
  );
  for (const seekHead of segment.level1.filter((e) => e.id === SEEK_HEAD)) {
    const seeks = await cursor.children(seekHead, 2);
    let changed = false;
    for (const seek of seeks.filter((e) => e.id === SEEK)) {
      const position = (await cursor.children(seek, 3)).find(
        (e) => e.id === SEEK_POSITION,
      );
      if (!position || position.end - position.dataOffset > MAX_POSITION_BYTES)
        continue;
      const bytes = await cursor.src.readExact(
        position.dataOffset,
        position.end - position.dataOffset,
      );
      if (!voided.has(segment.dataOffset + readUint(bytes))) continue;
      into.targets.push({ element: seek, findings: [] });
      changed = true;
    }
    noteCrc(into, seekHead, seeks, 1, changed);
  }
}
