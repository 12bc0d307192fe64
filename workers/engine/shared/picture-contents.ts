/**
 * What a picture that a file carries whole held: a cover in a FLAC PICTURE block or an MP3 APIC
 * frame goes with its block or frame, and with it whatever the photo kept (its GPS position, the
 * camera, the author). The nested engine reads it so the report says so, as belonging to the
 * picture, where it said only "thumbnail". What the photo would keep on purpose (its Orientation,
 * its colour profile) goes with it too, so only removable findings are listed. A picture the
 * engine cannot read is still removed whole: it has no findings of its own, and no error.
 */
import { isEngineError } from '../errors';
import { relocated, removable, type Finding } from '../findings';
import type { NestedEngine } from '../format-module';

export async function pictureContents(
  nested: NestedEngine,
  image: Uint8Array,
  where: string,
  name: string,
): Promise<Finding[]> {
  let findings: readonly Finding[];
  try {
    ({ findings } = await nested.inspect(image));
  } catch (error) {
    if (isEngineError(error) && error.code !== 'cancelled') return [];
    throw error;
  }
  return relocated(findings.filter(removable), where, { name, kind: 'image' });
}
