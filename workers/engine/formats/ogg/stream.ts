/**
 * What an Ogg Vorbis/Opus file holds and its cleaned plan: the comment packet becomes an empty
 * one (no vendor string, no entries) and the header pages are rebuilt on the same number of pages.
 * The vendor string goes too: it names the encoder library, and no decoder reads it. Tags some
 * tools append after the last page (ID3v1, APE) are dropped like MP3's.
 */
import type { ByteSource } from '../../byte-source';
import { concatBytes, indexOfBytes } from '../../bytes';
import { EngineError, corrupt } from '../../errors';
import { finding, type Finding } from '../../findings';
import { OutputBuilder, type OutputPlan } from '../../output-plan';
import type { TagRegion } from '../../metadata/audio-tags/tag-region';
import { findTailTags } from '../../metadata/audio-tags/tail';
import { COMMENT_ID, readHeaders, type OggHeaders } from './headers';
import { laceCount, paginate } from './paginate';
import { trimIdHeader, type TrimmedIdPage } from './id-header';
import { MAX_LACE, MAX_PAGE_BYTES, OGG_MAGIC, parsePageHeader } from './page';
import {
  emptyVorbisComments,
  parseVorbisComments,
  vorbisCommentFindings,
} from '../../metadata/vorbis-comment';

/** Vorbis ends its comment header with a framing bit (Vorbis I spec section 5.2.1). */
const VORBIS_FRAMING = Uint8Array.of(1);

export interface OggScan {
  readonly headers: OggHeaders;
  /** The first page without bytes past the identification header, when it had any. */
  readonly idPage: TrimmedIdPage | null;
  readonly tail: TagRegion[];
  /** Where the last Ogg page ends. */
  readonly end: number;
}

export async function scanOgg(
  src: ByteSource,
  signal?: AbortSignal,
): Promise<OggScan> {
  const headers = await readHeaders(src, signal);
  const tail = await findTailTags(src, headers.audioStart);
  const end = tail.at(-1)?.start ?? src.size;
  await checkSingleStream(src, headers.firstPage.serial, end);
  const first = headers.firstPage;
  const body = await src.readExact(
    first.bodyOffset,
    first.end - first.bodyOffset,
  );
  const idPage = trimIdHeader(headers.codec, first, body);
  return { headers, idPage, tail, end };
}

export function oggFindings({ headers, idPage, tail }: OggScan): Finding[] {
  const packet = headers.packets[0]!;
  const location =
    headers.codec === 'vorbis' ? 'Vorbis comment header' : 'OpusTags';
  const comments = parseVorbisComments(
    packet,
    COMMENT_ID[headers.codec].length,
  );
  const found = vorbisCommentFindings(comments, location);
  const extra =
    headers.codec === 'opus'
      ? packet.subarray(comments.end)
      : new Uint8Array(0);
  for (const item of tail.flatMap((t) => t.findings)) found.push(item);
  if (idPage) found.push(idPage.finding);
  if (extra.some((b) => b !== 0))
    found.push(finding('other.data', 'OpusTags binary data', location));
  return found;
}

export function oggPlan({ headers, idPage, end }: OggScan): OutputPlan {
  const id = COMMENT_ID[headers.codec];
  const framing =
    headers.codec === 'vorbis' ? VORBIS_FRAMING : new Uint8Array(0);
  const rest = headers.packets.slice(1);
  const comment = fillPages(
    concatBytes([id, emptyVorbisComments(), framing]),
    rest,
    headers.pages.length,
  );
  const pages = paginate([comment, ...rest], headers.pages);
  const out = idPage
    ? new OutputBuilder().push(idPage.page)
    : new OutputBuilder().copy(0, headers.firstPage.end);
  for (const page of pages) out.push(page);
  return out.copy(headers.audioStart, end).build();
}

/**
 * Every rebuilt page needs at least one lacing value. When a large comment (cover art) spanned
 * more pages than the cleaned packets have lacing values, the empty comment is followed by zero
 * bytes: RFC 7845 section 5.2 allows padding after the Opus comment list, and Vorbis decoders
 * stop reading at the framing bit. A few hundred zero bytes per page keep every audio page as is.
 */
function fillPages(
  comment: Uint8Array,
  rest: readonly Uint8Array[],
  pageCount: number,
): Uint8Array {
  const restLaces = rest.reduce((n, p) => n + laceCount(p), 0);
  const minLength = MAX_LACE * (pageCount - restLaces - 1);
  if (comment.length >= minLength) return comment;
  const padded = new Uint8Array(minLength);
  padded.set(comment);
  return padded;
}

/**
 * A chained file (streams one after another) has more comment headers further on. Its last page
 * belongs to another stream, so a last page whose serial differs fails as unsupported.
 */
async function checkSingleStream(
  src: ByteSource,
  serial: number,
  end: number,
): Promise<void> {
  const windowStart = Math.max(0, end - MAX_PAGE_BYTES);
  const window = await src.read(windowStart, end - windowStart);
  let lastSerial: number | null = null;
  for (
    let i = indexOfBytes(window, OGG_MAGIC);
    i >= 0;
    i = indexOfBytes(window, OGG_MAGIC, i + 1)
  ) {
    const page = parsePageHeader(window, i, windowStart);
    if (page?.end === end) lastSerial = page.serial;
  }
  if (lastSerial === null)
    throw corrupt('the Ogg stream does not end with a whole page');
  if (lastSerial !== serial)
    throw new EngineError('unsupported', 'chained Ogg streams');
}
