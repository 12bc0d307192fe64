/**
 * An OLE object's `\001Ole` stream ([MS-OLEDS] 2.3.3 OLEStream): whether the object is embedded
 * or linked and, in monikers (2.3.3.1 MONIKERSTREAM), what it was made from or links to: a file
 * moniker is a path on the author's disk (`C:\Users\<name>\...`). Every moniker's bytes, the
 * link's display name (the same path) and the link's update times are overwritten with zeros
 * where they lie; the sizes, flags and class id stay, so the stream keeps its structure and the
 * object its cached picture. An embedded object's only moniker is the reserved one, which readers
 * ignore; a link whose fields this walk cannot place is refused rather than copied.
 */
import { u32le } from '../../bytes';
import { EngineError } from '../../errors';
import { finding } from '../../findings';
import type { DirEntry } from '../../shared/cfb/directory';
import { Cleaning, readStream, type Storage } from './storage';

export const OLE_STREAM = '\u0001Ole';

/** Version, Flags, LinkUpdateOption, Reserved1: the fields before the first moniker's size. */
const FIXED_BYTES = 16;
const FLAGS_AT = 4;
const SIZE_BYTES = 4;
/** Flags bit 0: the object is linked, and the source monikers follow the reserved one. */
const LINKED = 0x1;
/** The reserved, relative source and absolute source monikers of a link. */
const LINK_MONIKERS = 3;
/** ClsidIndicator: MUST be 0xFFFFFFFF, then the link source's 16-byte class id. */
const CLSID_INDICATOR = 0xffffffff;
const CLSID_BYTES = 16;
/** Reserved2, then LocalUpdateTime, LocalCheckUpdateTime, RemoteUpdateTime (FILETIMEs). */
const RESERVED2_BYTES = 4;
const TIMES_BYTES = 3 * 8;
/** A link's monikers and names are short; a stream past this is not an OLEStream. */
const MAX_OLE_STREAM_BYTES = 1024 * 1024;
/** Runs of printable characters shown in the report as what a moniker named. */
const TEXT_RUN = /[\x20-\x7e\u00a0-\u00ff]{4,}/g;

type Span = readonly [start: number, end: number];

/**
 * Where a link's monikers, display name and times lie. Writers disagree on whether a moniker's
 * size counts its own four bytes, so both readings are tried; the one that lands on the class
 * id indicator is the stream's. Neither landing there: null.
 */
function linkLayout(b: Uint8Array): Span[] | null {
  for (const ownSize of [0, SIZE_BYTES]) {
    const spans: Span[] = [];
    let at = FIXED_BYTES;
    let ok = true;
    for (let i = 0; i < LINK_MONIKERS && ok; i++) {
      if (at + SIZE_BYTES > b.length) ok = false;
      else {
        const size = u32le(b, at);
        at += SIZE_BYTES;
        const length = size === 0 ? 0 : size - ownSize;
        if (length < 0 || at + length > b.length) ok = false;
        else spans.push([at, at + length]);
        at += length;
      }
    }
    if (!ok || at + SIZE_BYTES > b.length) continue;
    if (u32le(b, at) !== CLSID_INDICATOR) continue;
    at += SIZE_BYTES + CLSID_BYTES;
    // ReservedDisplayName: a LengthPrefixedUnicodeString (a count of UTF-16 code units).
    if (at + SIZE_BYTES > b.length) continue;
    const chars = u32le(b, at);
    at += SIZE_BYTES;
    if (at + chars * 2 > b.length) continue;
    spans.push([at, at + chars * 2]);
    at += chars * 2 + RESERVED2_BYTES;
    if (at + TIMES_BYTES > b.length) continue;
    spans.push([at, at + TIMES_BYTES]);
    return spans;
  }
  return null;
}

/** The readable runs of a span, 8-bit and UTF-16, for the report. */
function textsOf(bytes: Uint8Array): string[] {
  const runs = [
    ...new TextDecoder('latin1').decode(bytes).matchAll(TEXT_RUN),
    ...new TextDecoder('utf-16le')
      .decode(bytes.subarray(0, bytes.length & ~1))
      .matchAll(TEXT_RUN),
  ].map((m) => m[0]);
  return [...new Set(runs)];
}

export async function cleanOleStream(
  storage: Storage,
  stream: DirEntry,
  out: Cleaning,
): Promise<void> {
  const location = `${storage.location}/Ole`;
  if (stream.size > MAX_OLE_STREAM_BYTES)
    throw new EngineError('unclean', `${location}: an OLE stream too large`);
  const b = await readStream(storage, stream);
  if (b.length <= FIXED_BYTES + SIZE_BYTES) return;
  const linked = (u32le(b, FLAGS_AT) & LINKED) !== 0;
  // An embedded object's fields end with its reserved moniker: whatever follows the size is it.
  const spans = linked
    ? linkLayout(b)
    : [[FIXED_BYTES + SIZE_BYTES, b.length] as const];
  if (!spans)
    throw new EngineError(
      'unclean',
      `${location}: a linked object whose link the engine cannot read`,
    );
  const texts = new Set<string>();
  let held = false;
  for (const [start, end] of spans) {
    const bytes = b.subarray(start, end);
    if (!bytes.some((x) => x !== 0)) continue;
    held = true;
    for (const t of textsOf(bytes)) texts.add(t);
    out.write(storage, stream, start, new Uint8Array(end - start));
  }
  if (!held) return;
  out.findings.push(
    finding(
      'identifier.file-name',
      linked ? 'link source' : 'embedded from',
      location,
      [...texts].join(', ') || undefined,
    ),
  );
}
