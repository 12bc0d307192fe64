import { ascii, startsWith } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';

const RIFF = ascii('RIFF');
const WAVE = ascii('WAVE');
const FORM_TYPE_AT = 8;
const WAV = sniffedAs('wav');

/** RIFF WAVE; RF64 (64-bit sizes in `ds64`) is not sniffed. */
export const wavSniffer: FormatSniffer = {
  formats: catalogFormats('wav'),
  sniff: (head) =>
    startsWith(head, RIFF) && startsWith(head, WAVE, FORM_TYPE_AT) ? WAV : null,
};
