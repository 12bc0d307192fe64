/**
 * EMF ([MS-EMF]): a drawing as records. Cleaned in place: every record is walked to EMR_EOF with
 * its bounds checked, and what is not drawing is zeroed at its own length (the header's
 * description, comments, printer escapes, bytes after the end), so no size or offset changes and
 * the picture draws as before. Pictures inside it are cleaned by their own modules where they lie.
 */
import { EngineError } from '../errors';
import type { FormatModule } from '../format-module';
import { MAX_METADATA_BYTES } from '../limits';
import { patchPlan } from '../shared/in-place';
import { cleanBitmaps } from './emf/bitmaps';
import { newCleaning, zeroRange } from './emf/cleaning';
import { cleanComment, Pieces } from './emf/comments';
import { cleanPictures } from './emf/embedded';
import { cleanEscape } from './emf/escapes';
import { cleanHeader } from './emf/header';
import { EMR_COMMENT, walkRecords } from './emf/records';
import { emfSniffer, EMR_HEADER } from './emf/sniff';

export const emf: FormatModule = {
  ...emfSniffer,
  async analyze(src, _format, ctx) {
    if (src.size > MAX_METADATA_BYTES)
      throw new EngineError('too-large', 'an EMF larger than the engine reads');
    const bytes = await src.readExact(0, src.size);
    const { records, end } = walkRecords(bytes, ctx.signal);
    const out = newCleaning();
    const pieces = new Pieces();
    for (const record of records) {
      if (record.type === EMR_HEADER) cleanHeader(bytes, record, out);
      else if (record.type === EMR_COMMENT)
        cleanComment(bytes, record, out, pieces);
      else {
        cleanBitmaps(bytes, record, out);
        cleanEscape(bytes, record, out);
      }
    }
    pieces.finish();
    zeroRange(out, bytes, end, bytes.length, {
      field: 'other.data',
      label: 'bytes after the end',
      location: 'after EMR_EOF',
    });
    await cleanPictures(bytes, out, ctx);
    return {
      findings: out.findings,
      plan: () => patchPlan(src.size, out.patches),
    };
  },
};
