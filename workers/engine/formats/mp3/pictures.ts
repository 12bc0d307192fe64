/**
 * What the pictures of an MP3's ID3v2 tags held (a cover photo's GPS position, camera, author):
 * each tag goes whole, its APIC frames with it, and the report lists their contents as the
 * pictures' own (`shared/picture-contents.ts`).
 */
import type { ByteSource } from '../../byte-source';
import { ascii, startsWith } from '../../bytes';
import type { Finding } from '../../findings';
import type { NestedEngine } from '../../format-module';
import { id3Pictures } from '../../metadata/audio-tags/id3-pictures';
import { readTag, type TagRegion } from '../../metadata/audio-tags/tag-region';
import { pictureContents } from '../../shared/picture-contents';

const ID3_MAGIC = ascii('ID3');

export async function tagPictureFindings(
  src: ByteSource,
  regions: readonly TagRegion[],
  nested: NestedEngine,
): Promise<Finding[]> {
  const found: Finding[] = [];
  for (const region of regions) {
    const magic = await src.read(region.start, ID3_MAGIC.length);
    if (!startsWith(magic, ID3_MAGIC)) continue;
    const tag = await readTag(src, region.start, region.end);
    const where = `ID3v2 at ${region.start}`;
    for (const { image, description } of id3Pictures(tag)) {
      const name = description ? `APIC "${description}"` : 'APIC';
      found.push(...(await pictureContents(nested, image, where, name)));
    }
  }
  return found;
}
