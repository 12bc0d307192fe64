/**
 * What each WAV chunk is to us. Kept: what a player or sampler needs (format, samples, cue
 * points, loops, peaks), each cut to its layout (kept-chunks.ts). Everything else goes, unknown chunks included: `LIST INFO`, `bext`,
 * `iXML`, `_PMX` (XMP), `id3 `, `cart`, and `LIST adtl`, whose labels and notes are free text.
 * `wavl` is a list type (`LIST wavl`, samples and silences), never a chunk of its own: a chunk
 * named so is no layout we know, and goes with the others.
 */
import type { ByteSource } from '../../byte-source';
import { finding, type Finding } from '../../findings';
import { infoField } from '../../metadata/riff-info';
import { readChildren, type RiffChunk } from '../../shared/riff/chunks';
import { bextFindings } from './bext';
import { LAID_OUT_CHUNKS, fmtChannels, rewriteKeptChunk } from './kept-chunks';
import {
  id3ChunkFindings,
  paddingFindings,
  textFinding,
} from '../../shared/riff/chunk-findings';
import type { FormRules } from '../../shared/riff/form';
import { decodeText } from '../../bytes';
import { EngineError } from '../../errors';
import { MAX_METADATA_BYTES } from '../../limits';

const KEPT = new Set([
  'fmt ',
  'data',
  'fact',
  'cue ',
  'smpl',
  'inst',
  'plst',
  'PEAK',
  'slnt',
]);
const PADDING = new Set(['JUNK', 'junk', 'PAD ', 'FLLR', 'padd']);
const LOCATION = 'RIFF WAVE';

async function infoFindings(
  src: ByteSource,
  list: RiffChunk,
): Promise<Finding[]> {
  const where = `${LOCATION}/LIST INFO`;
  const found: Finding[] = [];
  for (const tag of await readChildren(src, list)) {
    if (tag.size > MAX_METADATA_BYTES)
      throw new EngineError('too-large', `INFO ${tag.id}`);
    const value = decodeText(await src.readExact(tag.dataOffset, tag.size));
    found.push(finding(infoField(tag.id), tag.id, where, value));
  }
  return found.length > 0 ? found : [finding('other.data', 'LIST INFO', where)];
}

export function wavRules(src: ByteSource): FormRules {
  // Chunks are ruled in file order: a PEAK chunk's layout is the channels of the format before it.
  let channels = 0;
  return {
    endian: 'le',
    formId: 'RIFF',
    formTypes: ['WAVE'],
    keep: KEPT,
    required: ['fmt ', 'data'],
    async describe(chunk, payload) {
      if (chunk.id === 'LIST' && chunk.listType === 'INFO')
        return infoFindings(src, chunk);
      if (chunk.id === 'LIST')
        return [
          finding('content.comment', `LIST ${chunk.listType ?? ''}`, LOCATION),
        ];
      const bytes = await payload();
      if (PADDING.has(chunk.id)) return paddingFindings(chunk, bytes, LOCATION);
      if (chunk.id === 'bext') return bextFindings(bytes, LOCATION);
      if (chunk.id === 'id3 ' || chunk.id === 'ID3 ')
        return id3ChunkFindings(chunk, bytes, LOCATION);
      if (chunk.id === 'iXML') return [finding('other.data', 'iXML', LOCATION)];
      if (chunk.id === '_PMX') return [finding('other.data', 'XMP', LOCATION)];
      return [textFinding('other.data', chunk, bytes, LOCATION)];
    },
    async rewriteKept(chunk, payload) {
      if (!LAID_OUT_CHUNKS.has(chunk.id)) return null;
      const bytes = await payload();
      if (chunk.id === 'fmt ') channels = fmtChannels(bytes);
      return rewriteKeptChunk(chunk.id, bytes, channels);
    },
  };
}
