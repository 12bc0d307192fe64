/**
 * A member copied compressed must end its deflate stream exactly at its compressed size (bytes
 * after the stream, inside the size, are read by no inflater and could hold anything). Where the
 * host's zlib says how much of the input its stream took up, that answer, from the inflate that
 * read the member, replaces a second inflate of all but the member's last byte: the same decision
 * on every host, for a stream that ends at its size and for one followed by bytes.
 */
import { sfntFont } from '../../helpers/document-metafile-fixtures';
import { deflateRawSync } from 'node:zlib';
import { deflateSync, strToU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeCodecs } from '../../../cli/node-codecs';
import { crc32 } from '../../../workers/engine/shared/crc32';
import {
  lendHostCodecs,
  type HostCodecs,
} from '../../../workers/engine/shared/host-codecs';
import {
  METHOD_DEFLATED,
  newMember,
  writeZip,
  type OutMember,
} from '../../../workers/engine/shared/zip';
import { inflatesWhole } from '../../../workers/engine/shared/zip/member';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { MANIFEST_HEAD, ODF_NS } from '../../helpers/odf-fixtures';
import { syntheticDocx } from '../../helpers/office-fixtures';
import { cleaned, materialize, members } from '../../helpers/zip-tools';

const HEADER = 'word/header1.xml';
const TRAILING = 'CANARY_AFTER_THE_STREAM';
const ODT = 'application/vnd.oasis.opendocument.text';
const HOSTS: Record<string, HostCodecs> = {
  javascript: {},
  zlib: nodeCodecs(),
};

/** The package with one member's stream as given (`HEADER`'s unless named), the rest deflated. */
function withHeaderStream(
  files: Record<string, Uint8Array>,
  stream: Uint8Array,
  member = HEADER,
): Promise<Uint8Array> {
  const list: OutMember[] = Object.entries(files).map(([name, bytes]) =>
    name === member
      ? {
          name,
          method: METHOD_DEFLATED,
          crc32: crc32(bytes),
          uncompressedSize: bytes.length,
          data: [{ kind: 'bytes', data: stream }],
        }
      : newMember(name, bytes, name !== 'mimetype'),
  );
  return materialize(new Uint8Array(0), writeZip(list));
}

const concat = (a: Uint8Array, b: Uint8Array) => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

describe('a copied member ends its deflate stream at its compressed size', () => {
  afterEach(() => lendHostCodecs({}));

  it("Node's zlib says where a stream ends, as inflating all but its last byte tells", () => {
    const { inflateRawEnd } = nodeCodecs();
    const text = strToU8('<w:p>metaclean</w:p>'.repeat(3000));
    const streams = [
      deflateSync(text, { level: 0 }),
      deflateSync(text, { level: 6 }),
      deflateSync(text, { level: 9 }),
      new Uint8Array(deflateRawSync(text)),
      deflateSync(new Uint8Array(0)),
    ];
    for (const stream of streams)
      for (const after of [[], [0], [0x55, 0xaa], strToU8(TRAILING)]) {
        const raw = concat(stream, Uint8Array.from(after));
        const size = stream === streams[4] ? 0 : text.length;
        const out = inflateRawEnd!(raw, size)!;
        expect(out.consumed).toBe(stream.length);
        expect(out.consumed < raw.length).toBe(
          inflatesWhole(raw.subarray(0, raw.length - 1), size),
        );
      }
  });

  it.each(Object.keys(HOSTS))(
    'copies a part whose stream ends at its size as it is (%s)',
    async (host) => {
      const files = unzipSync(syntheticDocx());
      const stream = deflateSync(files[HEADER]!, { level: 9 });
      const input = await withHeaderStream(files, stream);
      lendHostCodecs(HOSTS[host]!);
      const { output } = await cleaned(input);
      expect(Buffer.from(output).includes(Buffer.from(stream))).toBe(true);
      expect(members(output)[HEADER]).toEqual(files[HEADER]);
    },
  );

  it.each(Object.keys(HOSTS))(
    'deflates again a part whose stream is followed by bytes (%s)',
    async (host) => {
      const files = unzipSync(syntheticDocx());
      const stream = deflateSync(files[HEADER]!, { level: 9 });
      const input = await withHeaderStream(
        files,
        concat(stream, strToU8(TRAILING)),
      );
      lendHostCodecs(HOSTS[host]!);
      const { output } = await cleaned(input);
      expectNoLeaks(input, output, [TRAILING]);
      expect(members(output)[HEADER]).toEqual(files[HEADER]);
    },
  );

  /** A text document with a font kept as content: no XML part, no file of its own. */
  const DATA = 'Fonts/data.ttf';
  const odtFiles = (): Record<string, Uint8Array> => ({
    mimetype: strToU8(ODT),
    'content.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS} office:version="1.3"><office:body><office:text><text:p>Plain.</text:p></office:text></office:body></office:document-content>`,
    ),
    [DATA]: sfntFont(1024),
    'META-INF/manifest.xml': strToU8(
      `${MANIFEST_HEAD}<manifest:file-entry manifest:full-path="/" manifest:media-type="${ODT}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="${DATA}" manifest:media-type="font/ttf"/></manifest:manifest>`,
    ),
  });

  it.each(Object.keys(HOSTS))(
    'copies a content member whose stream ends at its size as it is (%s)',
    async (host) => {
      const files = odtFiles();
      const stream = deflateSync(files[DATA]!, { level: 9 });
      const input = await withHeaderStream(files, stream, DATA);
      lendHostCodecs(HOSTS[host]!);
      const { output } = await cleaned(input);
      expect(Buffer.from(output).includes(Buffer.from(stream))).toBe(true);
      expect(members(output)[DATA]).toEqual(files[DATA]);
    },
  );

  it.each(Object.keys(HOSTS))(
    'deflates again a content member whose stream is followed by bytes (%s)',
    async (host) => {
      const files = odtFiles();
      const stream = deflateSync(files[DATA]!, { level: 9 });
      const input = await withHeaderStream(
        files,
        concat(stream, strToU8(TRAILING)),
        DATA,
      );
      expect(Buffer.from(input).includes(Buffer.from(TRAILING))).toBe(true);
      lendHostCodecs(HOSTS[host]!);
      const { output } = await cleaned(input);
      expectNoLeaks(input, output, [TRAILING]);
      expect(members(output)[DATA]).toEqual(files[DATA]);
    },
  );
});
