/**
 * One pass over an ISOBMFF file that both lists its metadata and plans the same-size patches that
 * remove it, so what inspect reports and what clean removes cannot drift apart.
 */
import type { ByteSource } from '../../byte-source';
import type { AnalysisContext, NestedEngine } from '../../format-module';
import { EngineError, throwIfAborted } from '../../errors';
import { finding, type Finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import type { Patch } from '../../shared/in-place';
import { HEADER_BYTES, type Box } from './box';
import { scanFragment } from './fragments';
import { hasItems, scanHeifMeta } from './heif';
import { emptyMovie, scanMovie, telemetryFinding, type Movie } from './movie';
import { Region } from './region';
import { isRemovable, removeBox } from './removable';
import type { ByteRange } from './sample-table';
import { hasData, mergeRanges, zeroPatches } from './telemetry';
import { CONTAINER_TYPES, sweepMetadata } from './sweep';
import { TextBudget } from '../../metadata/text-tracks';
import { weighTextTracks } from './text-removal';
import { footerTrailers, freeTrailerPatch, type Trailer } from './trailers';
import { readTail, type Tail } from './tail';
import { leaveOutFreeSpace } from './free-space';
import {
  clearFreeSpaceInPlace,
  isFreeSpace,
  type FreeSpace,
} from './free-space-in-place';
import { topLevelBoxes, type TopLevel } from './top-level';
import { freeUnknownBoxes, movieData } from './unknown-boxes';
import { holdsData } from './free-space';
import { WindowedReader } from '../../windowed-reader';

export interface Analysis {
  readonly findings: Finding[];
  readonly patches: Patch[];
  /** The `mdat` boxes: sample data the residue scan skips. */
  readonly mediaData: ByteRange[];
  /** Top-level free space the output leaves out (sorted); none when the layout is kept. */
  readonly leftOut: ByteRange[];
  /** Metadata kept on purpose (a rotated photo's Exif item type), sorted: the residue scan skips it. */
  readonly checked: ByteRange[];
}

/** Top-level boxes read into memory: the metadata the walk edits, and containers it may hide in. */
const READ_TYPES = new Set([
  'meta',
  'udta',
  'ilst',
  'keys',
  'uuid',
  'XMP_',
  'prft',
  ...CONTAINER_TYPES,
]);
const COPYRIGHT_SIGN = 0xa9;
/** Small enough that a moof header read drags in little of the mdat after it. */
const BOX_WINDOW_BYTES = 16 * 1024;

async function readRegion(reader: WindowedReader, box: Box): Promise<Region> {
  if (box.end - box.start > MAX_METADATA_BYTES)
    throw new EngineError(
      'too-large',
      `'${box.type}' box larger than the metadata limit`,
    );
  return new Region(
    await reader.readExact(box.start, box.end - box.start),
    box.start,
  );
}

const isRead = (box: Box) =>
  READ_TYPES.has(box.type) || box.type.charCodeAt(0) === COPYRIGHT_SIGN;

class FileScan {
  readonly findings: Finding[] = [];
  readonly patches: Patch[] = [];
  readonly checked: ByteRange[] = [];
  private readonly telemetryRanges = new Map<number, ByteRange[]>();
  private movie: Movie = emptyMovie();
  private readonly textBudget = new TextBudget();
  private readonly movies: { region: Region; movie: Movie; box: Box }[] = [];
  /** Where the HEIF items' bytes lie; null once one cannot be placed in this file. */
  private items: ByteRange[] | null = [];

  readonly reader: WindowedReader;

  constructor(
    private readonly src: ByteSource,
    private readonly signal: AbortSignal | undefined,
    private readonly nested: NestedEngine,
  ) {
    this.reader = new WindowedReader(src, BOX_WINDOW_BYTES);
  }

  topLevel(end: number): Promise<TopLevel> {
    return topLevelBoxes(this.reader, this.signal, end);
  }

  /** Fails unless every movie chunk and item lies before `tail` (no offset points into it). */
  tailHoldsNoData(tail: ByteRange): void {
    const what = `the bytes after the last box at ${tail.start}`;
    if (!this.items)
      throw new EngineError(
        'unsupported',
        `${what} beside items placed elsewhere`,
      );
    const data = [
      ...movieData(this.movies, this.src.size, what),
      ...this.items,
    ];
    data.sort((a, b) => a.start - b.start);
    if (holdsData(data, tail))
      throw new EngineError('unsupported', `media data in ${what}`);
  }

  async box(box: Box): Promise<void> {
    const region = await readRegion(this.reader, box);
    if (box.type === 'moov') this.scanMoov(region, box);
    else if (box.type === 'meta' && hasItems(region, box)) {
      const heif = await scanHeifMeta(
        this.src,
        region,
        box,
        this.findings,
        this.signal,
        this.nested,
      );
      for (const patch of heif.patches) this.patches.push(patch);
      this.checked.push(...heif.checked);
      if (heif.items && this.items) this.items.push(...heif.items);
      else this.items = null;
    } else if (box.type === 'moof') this.scanMoof(region, box);
    else if (box.type === 'prft') {
      this.findings.push(
        finding('time.created', 'prft', 'prft', 'producer reference time'),
      );
      region.free(box);
    } else if (isRemovable(region, box))
      removeBox(region, box, '', this.findings);
    if (CONTAINER_TYPES.has(box.type) && !region.isFree(box))
      sweepMetadata(region, box, this.findings);
    // A movie's patches wait for its text tracks, whose samples fragments may list.
    if (box.type === 'moov')
      this.movies.push({ region, movie: this.movie, box });
    else for (const patch of region.patches()) this.patches.push(patch);
  }

  private scanMoov(region: Region, moov: Box): void {
    this.movie = scanMovie(region, moov, this.src.size, this.findings);
    for (const track of this.movie.telemetry)
      this.telemetryRanges.set(track.trackId, [...track.ranges]);
    for (const track of this.movie.text)
      this.telemetryRanges.set(track.trackId, []);
  }

  private scanMoof(region: Region, moof: Box): void {
    const ranges = scanFragment(
      region,
      moof,
      this.movie,
      this.src.size,
      this.findings,
    );
    for (const { trackId, range } of ranges)
      this.telemetryRanges.get(trackId)?.push(range);
  }

  /** Top-level boxes of no known type become free space once the movies say where samples lie. */
  unknownBoxes(boxes: readonly Box[]): void {
    const unknown = freeUnknownBoxes(
      boxes,
      this.movies,
      this.items,
      this.src.size,
    );
    for (const found of unknown.findings) this.findings.push(found);
    for (const patch of unknown.patches) this.patches.push(patch);
  }

  /**
   * The top-level free space to leave out, its movie's chunk offsets re-pointed: before the text
   * tracks, whose removal zeroes a whole track's tables again.
   */
  freeSpace(boxes: readonly Box[], end: number): ByteRange[] {
    return leaveOutFreeSpace(boxes, this.movies, end);
  }

  /**
   * In a clean in place the free boxes stay (a free box cut short at the end too, `tail`): those
   * holding no samples or items are zeroed where they hold anything but zeros. Beside items
   * placed in another file no box can be shown to hold none, and the boxes stay for the residue
   * scan, as before.
   */
  async freeSpaceInPlace(
    boxes: readonly Box[],
    tail: Tail | null,
  ): Promise<void> {
    const spaces: FreeSpace[] = boxes.filter(
      (b) => isFreeSpace(b) && b.end > b.payload,
    );
    if (tail?.kind === 'space' && tail.type) {
      const { start, end } = tail.range;
      spaces.push({
        type: tail.type,
        start,
        payload: start + HEADER_BYTES,
        end,
      });
    }
    if (spaces.length === 0 || !this.items) return;
    const data = [...movieData(this.movies, this.src.size), ...this.items];
    data.sort((a, b) => a.start - b.start);
    const cleared = await clearFreeSpaceInPlace(
      this.src,
      spaces,
      data,
      this.signal,
    );
    for (const found of cleared.findings) this.findings.push(found);
    for (const patch of cleared.patches) this.patches.push(patch);
    for (const range of cleared.zeroed) this.checked.push(range);
  }

  /** Text tracks are weighed (flight logs freed and zeroed), then the movies' patches kept. */
  async textTracks(): Promise<void> {
    for (const { region, movie } of this.movies) {
      const samples = await weighTextTracks(
        this.reader,
        region,
        movie,
        (id) => this.telemetryRanges.get(id) ?? [],
        this.textBudget,
        this.findings,
        this.signal,
      );
      for (const patch of samples) this.patches.push(patch);
      for (const patch of region.patches()) this.patches.push(patch);
    }
  }

  /** Telemetry samples with data left are reported, and zeroed. */
  async telemetry(): Promise<void> {
    for (const track of this.movie.telemetry) {
      const ranges = mergeRanges(this.telemetryRanges.get(track.trackId) ?? []);
      if (!(await hasData(this.reader, ranges, this.signal))) continue;
      this.findings.push(telemetryFinding(track));
      for (const patch of zeroPatches(ranges)) this.patches.push(patch);
    }
  }
}

/** What lies after the last box: its trailers reported; in a clean in place, made free space. */
function afterTheBoxes(
  tail: Tail | null,
  footer: readonly Trailer[],
  keepLayout: boolean,
  scan: FileScan,
): void {
  const trailers = [...footer].reverse();
  if (tail?.kind === 'trailer') trailers.unshift(tail.trailer);
  for (const trailer of trailers) {
    scan.findings.push(trailer.finding);
    if (keepLayout) scan.patches.push(freeTrailerPatch(trailer));
  }
  if (keepLayout && tail?.kind === 'space' && tail.patch)
    scan.patches.push(tail.patch);
}

export async function analyzeFile(
  src: ByteSource,
  ctx: Pick<AnalysisContext, 'signal' | 'keepLayout' | 'nested'>,
): Promise<Analysis> {
  const { signal, nested } = ctx;
  /** The output keeps the input's size and layout (a clean in place): no free space left out. */
  const keepLayout = ctx.keepLayout ?? false;
  const scan = new FileScan(src, signal, nested);
  const footer = await footerTrailers(src);
  const end = footer.at(-1)?.range.start ?? src.size;
  const { boxes, boxesEnd } = await scan.topLevel(end);
  const tail =
    boxesEnd < end
      ? await readTail(scan.reader, { start: boxesEnd, end }, signal)
      : null;
  // moov first: fragments need its track list even when a writer put moof boxes before it.
  const ordered = [
    ...boxes.filter((b) => b.type === 'moov'),
    ...boxes.filter((b) => b.type !== 'moov'),
  ];
  for (const box of ordered) {
    throwIfAborted(signal);
    if (isRead(box)) await scan.box(box);
  }
  scan.unknownBoxes(boxes);
  const leftOut = keepLayout ? [] : scan.freeSpace(boxes, boxesEnd);
  await scan.textTracks();
  await scan.telemetry();
  if (boxesEnd < src.size) {
    const after = { start: boxesEnd, end: src.size };
    scan.tailHoldsNoData(after);
    afterTheBoxes(tail, footer, keepLayout, scan);
    if (!keepLayout) leftOut.push(after);
  }
  if (keepLayout) await scan.freeSpaceInPlace(boxes, tail);
  return {
    leftOut,
    findings: scan.findings,
    patches: scan.patches,
    checked: scan.checked.sort((a, b) => a.start - b.start),
    mediaData: boxes
      .filter((b) => b.type === 'mdat')
      .map((b) => ({ start: b.start, end: b.end })),
  };
}
