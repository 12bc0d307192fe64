import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';
import { id3Header } from '../../metadata/audio-tags/id3v2';
import { frameHeader } from './frame-header';

const MP3 = sniffedAs('mp3');

function sniffable(head: Uint8Array): boolean {
  try {
    return id3Header(head) !== null || frameHeader(head, 0) !== null;
  } catch {
    return true;
  }
}

/** An ID3v2 tag or an MPEG audio frame header: weak, so the scan insists on two valid frames. */
export const mp3Sniffer: FormatSniffer = {
  formats: catalogFormats('mp3'),
  sniff: (head) => (sniffable(head) ? MP3 : null),
};
