/**
 * One walk of a legacy Office compound file: every storage (the document's and each embedded
 * object's) is cleaned by the streams it holds, and every change is a same-size patch, so no
 * sector moves and the output is the input with metadata blanked where it lay.
 */
import type { ByteSource } from '../../byte-source';
import { EngineError } from '../../errors';
import { finding, keptFinding } from '../../findings';
import type { Analysis, AnalysisContext, Sniffed } from '../../format-module';
import {
  clearEntryTimes,
  openCompoundFile,
} from '../../shared/cfb/compound-file';
import { patchPlan } from '../../shared/in-place';
import { cleanExcel } from './excel';
import {
  CURRENT_USER_STREAM,
  DOC,
  ENCRYPTED_PACKAGE,
  ENCRYPTION_INFO,
  EXCEL_95_STREAM,
  EXCEL_STREAM,
  MACRO_STORAGES,
  OLE_OBJECT,
  OLE_STREAMS,
  POWERPOINT_STREAM,
  PPT,
  TABLE_STREAMS,
  WORD_STREAM,
  XLS,
} from './kind';
import { cleanOleNative, OLE10_NATIVE } from './ole-native';
import { cleanOleStream, OLE_STREAM } from './ole-stream';
import { cleanPictures, PICTURES_STREAM } from './pictures';
import { cleanCurrentUser, cleanPowerPoint } from './powerpoint';
import { cleanPropertySet, isPropertySetStream } from './property-sets';
import { Cleaning, storagesOf, type Storage } from './storage';
import { emptyDeadSpace } from './dead-space';
import { emptyUnknownStreams } from './unknown-streams';
import { cleanWord } from './word';

function formatOf(root: Storage, depth: number): Sniffed {
  if (root.stream(ENCRYPTION_INFO))
    throw new EngineError(
      'encrypted',
      root.stream(ENCRYPTED_PACKAGE)
        ? 'a password-protected Office document (.docx, .xlsx or .pptx)'
        : 'a password-protected Office document',
    );
  if (root.stream(WORD_STREAM)) return DOC;
  if (root.stream(EXCEL_STREAM) || root.stream(EXCEL_95_STREAM)) return XLS;
  if (root.stream(POWERPOINT_STREAM)) return PPT;
  // An embedded object: its OLE streams, or nothing at all (an object never filled in).
  const empty = root.entry.children.length === 0;
  if (depth > 0 && (empty || OLE_STREAMS.some((n) => root.stream(n))))
    return OLE_OBJECT;
  throw new EngineError(
    'unsupported',
    'a compound file that is not a Word, Excel or PowerPoint document',
  );
}

async function cleanStorage(
  storage: Storage,
  out: Cleaning,
  ctx: AnalysisContext,
): Promise<void> {
  if (storage.stream(ENCRYPTION_INFO))
    throw new EngineError(
      'encrypted',
      `an encrypted object at ${storage.location}`,
    );
  if (storage.stream(EXCEL_95_STREAM) && !storage.stream(EXCEL_STREAM))
    throw new EngineError('unsupported', 'an Excel 5 or Excel 95 workbook');
  const word = storage.stream(WORD_STREAM);
  if (word) {
    const live = await cleanWord(storage, word, out);
    // The table stream the FIB does not name is left over from an earlier save: zero it.
    for (const name of TABLE_STREAMS) {
      const stale = storage.stream(name);
      if (!stale || name === live || stale.size === 0) continue;
      out.findings.push(
        finding(
          'history.changes',
          'unused table stream',
          `${storage.location}/${name}`,
        ),
      );
      out.write(storage, stale, 0, new Uint8Array(stale.size));
    }
  }
  const workbook = storage.stream(EXCEL_STREAM);
  if (workbook) await cleanExcel(storage, workbook, out, ctx.signal);
  const slides = storage.stream(POWERPOINT_STREAM);
  if (slides) await cleanPowerPoint(storage, slides, out, ctx);
  const pictures = storage.stream(PICTURES_STREAM);
  if (pictures && slides) await cleanPictures(storage, pictures, out, ctx);
  const user = storage.stream(CURRENT_USER_STREAM);
  if (user && slides) await cleanCurrentUser(storage, user, out);
  const link = storage.stream(OLE_STREAM);
  if (link) await cleanOleStream(storage, link, out);
  const native = storage.stream(OLE10_NATIVE);
  if (native) await cleanOleNative(storage, native, out);
  for (const set of storage.streams)
    if (isPropertySetStream(set.name))
      await cleanPropertySet(storage, set, out);
}

export async function analyzeLegacyOffice(
  src: ByteSource,
  ctx: AnalysisContext,
): Promise<Analysis> {
  const cfb = await openCompoundFile(src);
  const storages = storagesOf(src, cfb);
  const root = storages.find((s) => s.entry.kind === 'root')!;
  const format = formatOf(root, ctx.depth);
  const out = new Cleaning();
  for (const storage of storages) await cleanStorage(storage, out, ctx);
  if (format !== OLE_OBJECT) emptyUnknownStreams(root, out);
  await emptyDeadSpace(src, cfb, out);

  let dated = 0;
  for (const entry of cfb.entries)
    if (entry.dated) {
      dated++;
      out.patches.push(clearEntryTimes(cfb, entry));
    }
  if (dated > 0)
    out.findings.push(
      finding('time.detail', 'storage dates', '/', String(dated)),
    );
  for (const storage of storages)
    if (
      MACRO_STORAGES.includes(storage.entry.name) &&
      storage.entry.kind === 'storage'
    )
      out.findings.push(
        keptFinding('document.content', 'macros', storage.location, 'review'),
      );

  return {
    format,
    findings: out.findings,
    plan: () => patchPlan(src.size, out.patches),
  };
}
