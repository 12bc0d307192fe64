/**
 * An XML part read in its own encoding (XML 1.0, section 4.3.3: a byte order mark, else the
 * declaration's `encoding`, else UTF-8) and written back in it, so an ISO-8859-1 part keeps its
 * accented letters. A character the encoding cannot hold (a name an edit brings in) is written as a
 * character reference. A multi-byte encoding other than UTF-8 and UTF-16 is converted to UTF-8,
 * its declaration saying so. Comments, which no reader shows, go with any edit, and so do the
 * processing instructions that do not stay (shared/xml/instructions.ts): data for an application
 * no reader of the document is. A part that declares entities of its own (a DOCTYPE's internal
 * subset) is refused: readers expand them, and the walk would not read what they hold.
 */
import type { ByteSource } from '../../byte-source';
import { corrupt, EngineError } from '../../errors';
import { hasInternalSubset, instructionStays, XmlEdits } from '../xml';
import { readMemberContent } from './member';
import type { ZipEntry } from './read';

export interface XmlPart {
  readonly text: string;
  /** What the inflate that read the part said of its stream's end (`MemberContent`). */
  readonly streamEndsAtSize?: boolean;
  /** The comments the part holds, as written: each goes when the part is written. */
  readonly comments: readonly string[];
  /** The processing instructions that go when the part is written, as written. */
  readonly instructions: readonly string[];
  /** The part with the edits applied and its comments removed, in its own encoding. */
  encode(edits: XmlEdits): Uint8Array;
}

const DECLARATION = /^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;
/** The head of a part where its declaration must be, read as ASCII. */
const DECLARATION_BYTES = 256;
const UTF8 = new TextEncoder();
/** Comments, and the constructs inside which `<!--` is not a comment. */
const COMMENT_OR_VERBATIM =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>/g;

interface Codec {
  decode(bytes: Uint8Array): string;
  encode(text: string): Uint8Array;
}

function singleByte(label: string): Codec | null {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label, { fatal: true });
  } catch {
    return null;
  }
  // ISO-8859-1 is the first 256 code points; the WHATWG decoder would read it as windows-1252.
  const latin1 = /^(iso-?8859-1|iso_8859-1|latin-?1|l1|us-ascii|ascii)$/i.test(
    label,
  );
  const table = new Map<number, number>();
  for (let b = 0; b < 256; b++) {
    if (latin1) table.set(b, b);
    else {
      try {
        const c = decoder.decode(new Uint8Array([b]));
        if ([...c].length === 1) table.set(c.codePointAt(0)!, b);
      } catch {
        // not a character of this encoding
      }
    }
  }
  if (!latin1 && table.size < 128) return null; // a multi-byte encoding
  const decode = latin1
    ? (bytes: Uint8Array) => {
        let s = '';
        for (let at = 0; at < bytes.length; at += 8192)
          s += String.fromCharCode(...bytes.subarray(at, at + 8192));
        return s;
      }
    : (bytes: Uint8Array) => decoder.decode(bytes);
  return {
    decode,
    encode(text) {
      const out: number[] = [];
      for (const ch of text) {
        const code = ch.codePointAt(0)!;
        const b = table.get(code);
        if (b !== undefined) out.push(b);
        else for (const r of `&#${code};`) out.push(r.charCodeAt(0));
      }
      return new Uint8Array(out);
    },
  };
}

function utf16(littleEndian: boolean): Codec {
  const decoder = new TextDecoder(littleEndian ? 'utf-16le' : 'utf-16be', {
    fatal: true,
  });
  return {
    decode: (bytes) => decoder.decode(bytes.subarray(2)),
    encode(text) {
      const out = new Uint8Array(2 + text.length * 2);
      const view = new DataView(out.buffer);
      view.setUint16(0, 0xfeff, littleEndian);
      for (let i = 0; i < text.length; i++)
        view.setUint16(2 + i * 2, text.charCodeAt(i), littleEndian);
      return out;
    },
  };
}

/** Where UTF-8 text starts: past its byte order mark, if any. */
const utf8Start = (bytes: Uint8Array): number =>
  bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;

const utf8: Codec = {
  decode: (bytes) =>
    new TextDecoder('utf-8', { fatal: true }).decode(
      bytes.subarray(utf8Start(bytes)),
    ),
  encode: (text) => UTF8.encode(text),
};

/** A multi-byte legacy encoding: read in it, written as UTF-8 with the declaration changed. */
function converted(label: string): Codec {
  const decoder = new TextDecoder(label, { fatal: true });
  return {
    decode: (bytes) => decoder.decode(bytes),
    encode: (text) =>
      UTF8.encode(
        text.replace(
          /^(<\?xml[^>]*?encoding\s*=\s*)(["'])[^"']*\2/,
          (_m, head: string, q: string) => `${head}${q}UTF-8${q}`,
        ),
      ),
  };
}

function codecOf(bytes: Uint8Array, name: string): Codec {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16(true);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16(false);
  const head = String.fromCharCode(...bytes.subarray(0, DECLARATION_BYTES));
  const label = DECLARATION.exec(head)?.[1]?.toLowerCase();
  if (!label || label === 'utf-8' || label === 'utf8') return utf8;
  if (label.startsWith('utf-16'))
    throw corrupt(`${name} declares UTF-16 without a byte order mark`);
  const single = singleByte(label);
  if (single) return single;
  try {
    return converted(label);
  } catch {
    throw new EngineError(
      'unsupported',
      `${name} is in encoding ${label.slice(0, 40)}`,
    );
  }
}

export async function readXmlPart(
  src: ByteSource,
  entry: ZipEntry,
): Promise<XmlPart> {
  const { bytes, streamEndsAtSize, fresh } = await readMemberContent(
    src,
    entry,
  );
  const codec = codecOf(bytes, entry.name);
  let text: string;
  try {
    text = codec.decode(bytes);
  } catch {
    throw corrupt(`${entry.name} is not in the encoding it declares`);
  }
  if (hasInternalSubset(text))
    throw new EngineError(
      'unsupported',
      `${entry.name} declares entities of its own (a DOCTYPE internal subset), which the cleaner does not read`,
    );
  const comments: [number, number][] = [];
  const instructions: [number, number][] = [];
  for (const m of text.matchAll(COMMENT_OR_VERBATIM))
    if (m[0].startsWith('<!--'))
      comments.push([m.index, m.index + m[0].length]);
    else if (
      m[0].startsWith('<?') &&
      // The declaration may stand only first, a byte order mark aside (XML 1.0, 2.8).
      !instructionStays(
        m[0],
        m.index === 0 || (m.index === 1 && text[0] === '\uFEFF'),
      )
    )
      instructions.push([m.index, m.index + m[0].length]);
  // UTF-8 of one byte a character (ASCII, the usual part): the edits apply to the bytes as read,
  // past a byte order mark (which the UTF-8 codec does not write back).
  const body = codec === utf8 ? bytes.subarray(utf8Start(bytes)) : null;
  let ascii = body?.length === text.length ? body : null;
  return {
    text,
    ...(streamEndsAtSize !== undefined && { streamEndsAtSize }),
    comments: comments.map(([start, end]) => text.slice(start, end)),
    instructions: instructions.map(([start, end]) => text.slice(start, end)),
    encode(edits) {
      for (const [start, end] of [...comments, ...instructions])
        edits.remove(start, end);
      if (!ascii) return codec.encode(edits.apply(text));
      const source = ascii;
      // Bytes the inflate made are this part's own: the edits are written over them, once (a
      // second encode works from the text).
      if (fresh) ascii = null;
      return edits.applyBytes(source, codec.encode, fresh);
    },
  };
}
