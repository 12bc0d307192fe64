import { u32le } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';

const EMF = sniffedAs('emf');
/** [MS-EMF] 2.3.4.2 EMR_HEADER: the first record, type 1, with " EMF" as its RecordSignature. */
export const EMR_HEADER = 1;
export const SIGNATURE_AT = 40;
export const EMF_SIGNATURE = 0x464d4520;

/** An EMF: its first record is EMR_HEADER, whose signature reads " EMF". */
export const emfSniffer: FormatSniffer = {
  formats: catalogFormats('emf'),
  sniff: (head) =>
    head.length >= SIGNATURE_AT + 4 &&
    u32le(head, 0) === EMR_HEADER &&
    u32le(head, SIGNATURE_AT) === EMF_SIGNATURE
      ? EMF
      : null,
};
