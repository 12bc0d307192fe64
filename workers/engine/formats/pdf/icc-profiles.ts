/**
 * Colour profiles a PDF embeds: an ICCBased colour space's stream (ISO 32000-2, 8.6.5.5) and an
 * output intent's `/DestOutputProfile` (14.11.5), both a stream with `/N`. A calibration program
 * names a profile after its owner and their screen, so its words are zeroed as in every photo
 * (`metadata/icc-text.ts`) and the stream is written again, deflated; a standard profile with its
 * publisher's words, and bytes that are no profile, stay as they are.
 */
import type { Finding } from '../../findings';
import { scrubIccText } from '../../metadata/icc-text';
import type { PdfDocument } from './document';
import type { PdfDict, PdfObject } from './objects';
import type { StreamData } from './stream-data';

/** ICC.1:2010, 7.2.9: the profile file signature, `acsp`, at byte 36 of the header. */
const SIGNATURE_AT = 36;
const SIGNATURE = [0x61, 0x63, 0x73, 0x70];

/** A stream that says it holds a profile: `/N` components, and no other kind's keys. */
export const isProfileStream = (d: PdfDict): boolean =>
  d.map.has('N') &&
  !['FunctionType', 'Subtype', 'Type'].some((k) => d.map.has(k));

const isProfile = (data: Uint8Array): boolean =>
  SIGNATURE.every((b, i) => data[SIGNATURE_AT + i] === b);

/** The profile without its words, or null when it is copied as it is. */
export async function profileData(
  doc: PdfDocument,
  o: PdfObject,
  findings: Finding[],
): Promise<StreamData | null> {
  const data = await doc.decoded(o);
  if (!isProfile(data)) return null;
  const scrubbed = scrubIccText(data, `ICC profile (object ${o.num})`);
  if (!scrubbed.profile) return null;
  findings.push(...scrubbed.findings);
  return { kind: 'bytes', data: scrubbed.profile, filter: 'FlateDecode' };
}
