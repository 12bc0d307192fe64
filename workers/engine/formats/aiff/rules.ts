/**
 * What each AIFF/AIFF-C chunk is to us (AIFF 1.3, AIFF-C draft 1991). Kept: the common and sound
 * data chunks, the AIFF-C version, markers and instrument loops, recording and channel data.
 * Dropped: `NAME`, `AUTH`, `(c) `, `ANNO`, `COMT`, `ID3 `, `APPL` and any other chunk. Marker
 * names stay with their markers and are reported as kept; bytes past a kept chunk's layout go
 * (kept-chunks.ts), and so do the bytes around the sound data's samples (sound-data.ts).
 */
import type { FieldId } from '../../fields';
import { decodeLatin1 } from '../../bytes';
import { finding } from '../../findings';
import { commentFindings } from './comments';
import { LAID_OUT_CHUNKS, rewriteKeptChunk } from './kept-chunks';
import { markerFindings } from './markers';
import { trimSoundData } from './sound-data';
import {
  id3ChunkFindings,
  paddingFindings,
  textFinding,
} from '../../shared/riff/chunk-findings';
import type { FormRules } from '../../shared/riff/form';

const KEPT = new Set(['COMM', 'SSND', 'FVER', 'MARK', 'INST', 'AESD', 'CHAN']);
const TEXT_CHUNKS: Readonly<Record<string, FieldId>> = {
  NAME: 'content.title',
  AUTH: 'author.name',
  '(c) ': 'author.copyright',
  ANNO: 'content.comment',
};
const PADDING = new Set(['FLLR', 'PAD ', 'JUNK']);
const SIGNATURE_BYTES = 4;
const LOCATION = 'FORM AIFF';

export const aiffRules: FormRules = {
  endian: 'be',
  formId: 'FORM',
  formTypes: ['AIFF', 'AIFC'],
  keep: KEPT,
  required: ['COMM'],
  async describe(chunk, payload) {
    const bytes = await payload();
    const textField = TEXT_CHUNKS[chunk.id];
    if (textField) return [textFinding(textField, chunk, bytes, LOCATION)];
    if (chunk.id === 'COMT') return commentFindings(bytes, LOCATION);
    if (chunk.id === 'ID3 ' || chunk.id === 'id3 ')
      return id3ChunkFindings(chunk, bytes, LOCATION);
    if (PADDING.has(chunk.id)) return paddingFindings(chunk, bytes, LOCATION);
    if (chunk.id === 'APPL') {
      const signature = decodeLatin1(bytes.subarray(0, SIGNATURE_BYTES));
      return [finding('other.data', 'APPL', LOCATION, signature || undefined)];
    }
    return [finding('other.data', chunk.id, LOCATION)];
  },
  async describeKept(chunk, payload) {
    if (chunk.id !== 'MARK') return [];
    return markerFindings(await payload(), LOCATION);
  },
  async trimKept(chunk, read, kept, formType) {
    return chunk.id === 'SSND'
      ? trimSoundData(chunk, read, kept, formType)
      : null;
  },
  async rewriteKept(chunk, payload, formType) {
    return LAID_OUT_CHUNKS.has(chunk.id)
      ? rewriteKeptChunk(chunk.id, await payload(), formType)
      : null;
  },
};
