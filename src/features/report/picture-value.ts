/**
 * A picture's summary as the engine writes it for a thumbnail it does not decode (a FLAC PICTURE
 * block, an ID3 APIC frame): `image/jpeg 1024x768 "Front cover"`, its MIME type first, then its
 * size and its description when the file gives them. Read for people: "JPEG image, 1024 × 768
 * pixels", the description as written.
 */
import type { IntlShape } from 'react-intl';

const PICTURE = /^image\/(?:x-)?([a-z0-9.+-]+)(?: (\d+)x(\d+))?(.*)$/is;

/** The summary in words, or `null` when the value does not start with an image MIME type. */
export function pictureWords(intl: IntlShape, value: string): string | null {
  const match = PICTURE.exec(value);
  if (!match) return null;
  const [, subtype = '', width, height, rest = ''] = match;
  const type = subtype.toUpperCase();
  const words =
    width && height
      ? intl.formatMessage(
          { id: 'report.value.picture-size' },
          {
            type,
            width: intl.formatNumber(Number(width), { useGrouping: false }),
            height: intl.formatNumber(Number(height), { useGrouping: false }),
          },
        )
      : intl.formatMessage({ id: 'report.value.picture' }, { type });
  return `${words}${rest}`;
}
