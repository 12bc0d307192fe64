/**
 * Which ISOBMFF file this is, from the ftyp brands (ISO/IEC 14496-12 4.3): HEIF images (heic,
 * avif), QuickTime movies (`qt  `), and the MP4 family, where M4A, M4V and 3GP keep their own MIME
 * type and extension. A QuickTime file may have no ftyp at all and start with its atoms.
 */
import { fourcc, u32be } from '../../bytes';
import { catalogFormats, sniffedAs, type Sniffed } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';
import { HEADER_BYTES } from './box';

const HEIC = sniffedAs('heic');
const AVIF = sniffedAs('avif');
const MOV = sniffedAs('mov');
const MP4 = sniffedAs('mp4');
// The MP4 family's members keep their own MIME type and extension in the report.
const M4A: Sniffed = { id: 'mp4', mime: 'audio/mp4', extension: 'm4a' };
const M4V: Sniffed = { id: 'mp4', mime: 'video/x-m4v', extension: 'm4v' };
const THREE_GP: Sniffed = { id: 'mp4', mime: 'video/3gpp', extension: '3gp' };
const THREE_G2: Sniffed = { id: 'mp4', mime: 'video/3gpp2', extension: '3g2' };

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set([
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'mif1',
  'msf1',
]);
const M4A_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);
const M4V_BRANDS = new Set(['M4V ', 'M4VH', 'M4VP']);
/** Atoms a QuickTime file without ftyp may start with (QuickTime File Format, "Atoms"). */
const QUICKTIME_FIRST_ATOMS = new Set([
  'moov',
  'mdat',
  'wide',
  'free',
  'skip',
  'pnot',
]);
const FTYP_BRANDS_AT = 16;
const MINOR_VERSION_BYTES = 4;

function ftypBrands(head: Uint8Array): string[] | null {
  if (head.length < FTYP_BRANDS_AT || fourcc(head, 4) !== 'ftyp') return null;
  const size = u32be(head, 0);
  if (size < FTYP_BRANDS_AT - MINOR_VERSION_BYTES) return null;
  const end = Math.min(size, head.length);
  const brands = [fourcc(head, HEADER_BYTES)];
  for (let at = FTYP_BRANDS_AT; at + 4 <= end; at += 4)
    brands.push(fourcc(head, at));
  return brands;
}

function byBrands([major, ...compatible]: string[]): Sniffed {
  const all = new Set([major!, ...compatible]);
  if (major === 'qt  ') return MOV;
  const generic = major === 'mif1' || major === 'msf1';
  const avifCompatible = [...AVIF_BRANDS].some((b) => all.has(b));
  if (AVIF_BRANDS.has(major!) || (generic && avifCompatible)) return AVIF;
  if (HEIC_BRANDS.has(major!)) return HEIC;
  if (M4A_BRANDS.has(major!)) return M4A;
  if (M4V_BRANDS.has(major!)) return M4V;
  if (major!.startsWith('3g2')) return THREE_G2;
  if (major!.startsWith('3gp')) return THREE_GP;
  return MP4;
}

/** A plausible atom header (known type, size 0, 1 or at least a header) at `at`. */
function quickTimeAtom(head: Uint8Array, at: number): boolean {
  const size = u32be(head, at);
  return (
    QUICKTIME_FIRST_ATOMS.has(fourcc(head, at + 4)) &&
    (size <= 1 || size >= HEADER_BYTES)
  );
}

export function sniffIsobmff(head: Uint8Array): Sniffed | null {
  if (head.length < HEADER_BYTES) return null;
  const brands = ftypBrands(head);
  if (brands) return byBrands(brands);
  if (!quickTimeAtom(head, 0)) return null;
  const next = u32be(head, 0);
  if (next < HEADER_BYTES || next + HEADER_BYTES > head.length) return MOV;
  return quickTimeAtom(head, next) ? MOV : null;
}

export const isobmffSniffer: FormatSniffer = {
  formats: catalogFormats('heic', 'avif', 'mp4', 'mov'),
  sniff: sniffIsobmff,
};
