/**
 * Raster images embedded in an SVG as `data:` URIs (Inkscape's "embed" does this) carry their
 * own EXIF, GPS and XMP. They are cleaned by the engine like any file and written back as
 * base64; the SVG is only clean when they are.
 */
import { ascii } from '../../bytes';
import { EngineError, corrupt } from '../../errors';
import { relocated, type Finding } from '../../findings';
import { itemKindOf } from '../../format-catalog';
import type { NestedEngine } from '../../format-module';
import type { Attribute } from './tokenizer';

export interface EmbeddedImage {
  /** The base64 payload inside the attribute value: [start, end). */
  readonly start: number;
  readonly end: number;
}

/** Only raster types: an SVG inside an SVG would recurse without bound. */
const DATA_URI =
  /^\s*data:image\/(?:jpeg|jpg|png|gif|webp|bmp|tiff)(?:;[^;,]*)*;base64,/i;
/** Inkscape wraps base64 over lines; attribute values may spell newlines as references. */
const BASE64_NOISE = /\s+|&#(?:10|13|x0a|x0d|9|x9);/gi;
const latin1 = new TextDecoder('latin1');
const BINARY_CHUNK = 0x8000;

export function embeddedImage(
  bytes: Uint8Array,
  attribute: Attribute,
): EmbeddedImage | null {
  if (!/(^|:)href$/.test(attribute.name)) return null;
  const head = latin1.decode(
    bytes.subarray(
      attribute.valueStart,
      Math.min(attribute.valueEnd, attribute.valueStart + 128),
    ),
  );
  const prefix = DATA_URI.exec(head);
  if (!prefix) return null;
  return {
    start: attribute.valueStart + prefix[0].length,
    end: attribute.valueEnd,
  };
}

/** A raster type that holds SVG text would make cleaning recurse through the engine. */
function nestedSvg(): EngineError {
  return new EngineError('unsupported', 'SVG inside an embedded image');
}

function decodeBase64(bytes: Uint8Array, image: EmbeddedImage): Uint8Array {
  const text = latin1
    .decode(bytes.subarray(image.start, image.end))
    .replace(BASE64_NOISE, '');
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    throw corrupt('embedded image is not valid base64');
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += BINARY_CHUNK)
    binary += String.fromCharCode(...bytes.subarray(at, at + BINARY_CHUNK));
  return btoa(binary);
}

/** What the embedded image holds, located under the SVG. */
export async function embeddedFindings(
  bytes: Uint8Array,
  image: EmbeddedImage,
  engine: NestedEngine,
): Promise<Finding[]> {
  const { format, findings } = await engine.inspect(decodeBase64(bytes, image));
  if (format.id === 'svg') throw nestedSvg();
  const where = `svg embedded ${format.id}`;
  return relocated(findings, where, {
    name: where,
    kind: itemKindOf(format.id),
  });
}

/** The cleaned image as base64 text, to replace the payload. */
export async function cleanedPayload(
  bytes: Uint8Array,
  image: EmbeddedImage,
  engine: NestedEngine,
): Promise<Uint8Array> {
  const cleaned = await engine.clean(decodeBase64(bytes, image));
  if (cleaned.format.id === 'svg') throw nestedSvg();
  return ascii(encodeBase64(cleaned.bytes));
}
