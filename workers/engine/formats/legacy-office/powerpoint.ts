/**
 * PowerPoint 97-2003 ([MS-PPT]): the `Current User` stream names who saved last; in the
 * `PowerPoint Document` stream each comment's author and initials are CStrings of a
 * Comment10Container. Both are overwritten with NULs of the same size where they lie, and the
 * comment's text and date are emptied with them (`ppt-comments.ts`).
 */
import { u16le, u32le } from '../../bytes';
import { corrupt, EngineError } from '../../errors';
import { finding, removable, type Finding } from '../../findings';
import { MAX_DEPTH, MAX_ENTRIES } from '../../limits';
import { StreamReader } from '../../shared/cfb/compound-file';
import type { DirEntry } from '../../shared/cfb/directory';
import { WindowedReader } from '../../windowed-reader';
import type { AnalysisContext } from '../../format-module';
import { MAX_METADATA_BYTES } from '../../limits';
import { zlibSync } from 'fflate';
import { inflateLimited } from '../../shared/inflate';
import { commentPart, isCommentPart } from './ppt-comments';
import { Cleaning, isBlank, readStream, type Storage } from './storage';

/** [MS-PPT] 2.3.2 CurrentUserAtom. */
const CURRENT_USER_MIN_BYTES = 28;
const HEADER_TOKEN_AT = 12;
const USER_NAME_LENGTH_AT = 20;
const ANSI_USER_NAME_AT = 28;
const REL_VERSION_BYTES = 4;
const RECORD_HEADER_BYTES = 8;
/** [MS-PPT] 2.3.2: the token of a file whose document stream is encrypted. */
const ENCRYPTED_TOKEN = 0xf3d1c4df;
/** [MS-PPT] 2.13.24 RecordType. */
const RT_COMMENT10 = 0x2ee0;
const RT_CRYPT_SESSION10 = 0x2f14;
/** [MS-PPT] 2.10.34 ExOleObjStg: an embedded OLE object's compound file, instance 1 when zlib-compressed. */
const RT_EX_OLE_OBJ_STG = 0x1011;
const COMPRESSED_INSTANCE = 1;
/** A compressed ExOleObjStg starts with the size its data inflates to. */
const DECOMPRESSED_SIZE_BYTES = 4;
/** [MS-PPT] 2.3.23 RecordHeader: recVer is the low 4 bits; 0xF makes a container. */
const RECORD_VERSION_MASK = 0xf;
const CONTAINER_VERSION = 0xf;
const RECORD_INSTANCE_SHIFT = 4;
/**
 * [MS-PPT] 2.3.24 BinaryTagDataBlob: an atom whose data is records (PowerPoint 2002 and later
 * keep slides' comments there), walked like a container.
 */
const RT_BINARY_TAG_DATA_BLOB = 0x138b;

export async function cleanCurrentUser(
  storage: Storage,
  stream: DirEntry,
  out: Cleaning,
): Promise<void> {
  const b = await readStream(storage, stream);
  if (b.length < CURRENT_USER_MIN_BYTES)
    throw corrupt('Current User stream too short');
  if (u32le(b, HEADER_TOKEN_AT) === ENCRYPTED_TOKEN)
    throw new EngineError(
      'encrypted',
      'a password-protected PowerPoint presentation',
    );
  const chars = u16le(b, USER_NAME_LENGTH_AT);
  const recordEnd = Math.min(b.length, RECORD_HEADER_BYTES + u32le(b, 4));
  const ansiEnd = ANSI_USER_NAME_AT + chars;
  if (ansiEnd > b.length)
    throw corrupt('Current User name runs past its stream');
  const location = `${storage.location}/${stream.name}`;
  const ansi = new TextDecoder('latin1').decode(
    b.subarray(ANSI_USER_NAME_AT, ansiEnd),
  );
  const unicodeAt = ansiEnd + REL_VERSION_BYTES;
  const hasUnicode = unicodeAt + chars * 2 <= recordEnd;
  const unicode = hasUnicode
    ? new TextDecoder('utf-16le').decode(
        b.subarray(unicodeAt, unicodeAt + chars * 2),
      )
    : '';
  const name = isBlank(unicode) ? ansi : unicode;
  if (isBlank(name)) return;
  out.findings.push(
    finding('author.last-editor', 'Current User', location, name.trim()),
  );
  out.write(storage, stream, ANSI_USER_NAME_AT, new Uint8Array(chars));
  if (hasUnicode)
    out.write(storage, stream, unicodeAt, new Uint8Array(chars * 2));
}

/** Walks every record of the document stream, containers entered, atoms skipped. */
export async function cleanPowerPoint(
  storage: Storage,
  stream: DirEntry,
  out: Cleaning,
  ctx: AnalysisContext,
): Promise<void> {
  const { signal } = ctx;
  const reader = new WindowedReader(
    new StreamReader(storage.src, storage.cfb.extents(stream)),
  );
  const location = `${storage.location}/${stream.name}`;
  const open: { type: number; end: number }[] = [];
  let at = 0;
  for (let n = 0; at + RECORD_HEADER_BYTES <= reader.size; n++) {
    if (n >= MAX_ENTRIES) throw corrupt('too many PowerPoint records');
    if (n % 4096 === 0 && signal?.aborted) throw new EngineError('cancelled');
    while (open.length > 0 && at >= open.at(-1)!.end) open.pop();
    const head = await reader.readExact(at, RECORD_HEADER_BYTES);
    const verInstance = u16le(head, 0);
    const type = u16le(head, 2);
    const length = u32le(head, 4);
    const body = at + RECORD_HEADER_BYTES;
    if (body + length > (open.at(-1)?.end ?? reader.size))
      throw corrupt(`PowerPoint record ${type} runs past its container`);
    if (type === RT_CRYPT_SESSION10)
      throw new EngineError(
        'encrypted',
        'a password-protected PowerPoint presentation',
      );
    if (
      (verInstance & RECORD_VERSION_MASK) === CONTAINER_VERSION ||
      type === RT_BINARY_TAG_DATA_BLOB
    ) {
      if (open.length >= MAX_DEPTH)
        throw corrupt('PowerPoint records nest too deep');
      open.push({ type, end: body + length });
      at = body;
      continue;
    }
    const instance = verInstance >> RECORD_INSTANCE_SHIFT;
    if (type === RT_EX_OLE_OBJ_STG)
      await cleanEmbedded(storage, stream, body, length, instance, out, ctx);
    if (open.at(-1)?.type === RT_COMMENT10 && isCommentPart(type)) {
      const part = commentPart(
        type,
        instance,
        await reader.readExact(body, length),
      );
      if (part) {
        out.findings.push(
          finding(part.field, part.label, location, part.value),
        );
        out.write(storage, stream, body + part.at, part.blank);
      }
    }
    at = body + length;
  }
}

/**
 * An embedded object is cleaned by the engine and written back where it lies: a compound file
 * cleans at its own size. A compressed one ([MS-PPT] 2.10.34: its inflated size, then zlib) is
 * inflated, cleaned, deflated again and zero-padded to the record's length; zlib stops at its
 * end marker, so the padding is never read. One that would not fit stops the clean.
 */
async function cleanEmbedded(
  storage: Storage,
  stream: DirEntry,
  body: number,
  length: number,
  instance: number,
  out: Cleaning,
  ctx: AnalysisContext,
): Promise<void> {
  if (length > MAX_METADATA_BYTES) throw corrupt('embedded object too large');
  const reader = new StreamReader(storage.src, storage.cfb.extents(stream));
  const bytes = await reader.readExact(body, length);
  const location = `${storage.location}/${stream.name}`;
  const relocated = (f: Finding): Finding => ({
    ...f,
    location: `${location} / ${f.location}`,
  });
  const compressed = instance === COMPRESSED_INSTANCE;
  if (compressed && length < DECOMPRESSED_SIZE_BYTES)
    throw corrupt('embedded object too short');
  const object = compressed
    ? inflateLimited(
        bytes.subarray(DECOMPRESSED_SIZE_BYTES),
        MAX_METADATA_BYTES,
      )
    : bytes;
  const cleaned = await ctx.nested.clean(object);
  out.findings.push(...cleaned.findings.map(relocated));
  if (!cleaned.findings.some(removable)) return;
  if (cleaned.bytes.length !== object.length)
    throw new EngineError(
      'unsupported',
      'an embedded object that changes size when cleaned',
    );
  if (!compressed) {
    out.write(storage, stream, body, cleaned.bytes);
    return;
  }
  const deflated = zlibSync(cleaned.bytes);
  if (DECOMPRESSED_SIZE_BYTES + deflated.length > length)
    throw new EngineError(
      'unsupported',
      'a compressed embedded object that grows when cleaned',
    );
  const record = new Uint8Array(length);
  record.set(bytes.subarray(0, DECOMPRESSED_SIZE_BYTES));
  record.set(deflated, DECOMPRESSED_SIZE_BYTES);
  out.write(storage, stream, body, record);
}
