/**
 * Legacy Office files (.doc, .xls, .ppt) with canaries, made by LibreOffice from flat ODF files
 * written here: every identifying field LibreOffice carries into the binary formats holds a text
 * with CANARY in it; the text that must survive never does.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ODF_NS } from './odf-fixtures';

/** LibreOffice can be slow on a loaded machine; a conversion still ends. */
const SOFFICE_TIMEOUT_MS = 300_000;

/** olefile prints thumbnails whole: a presentation's runs to megabytes. */
const MAX_TOOL_OUTPUT = 256 * 1024 * 1024;

export const LEGACY_KEPT_TEXT = 'The orchard needs water on Tuesday';
/** A comment's text, whose canary the tests and the mutant campaign look for as for any other. */
export const LEGACY_COMMENT_CANARY = 'CANARY_NOTE_TEXT';
export const LEGACY_COMMENT_TEXT = `Do not send to ${LEGACY_COMMENT_CANARY}`;

const META = `<office:meta><meta:initial-creator>CANARY_INITIAL_CREATOR</meta:initial-creator><dc:creator>CANARY_LAST_AUTHOR</dc:creator><meta:creation-date>2019-03-04T05:06:07</meta:creation-date><dc:date>2020-05-06T07:08:09</dc:date><meta:editing-duration>PT3H25M</meta:editing-duration><meta:printed-by>CANARY_PRINTED_BY</meta:printed-by><dc:title>CANARY_TITLE</dc:title><dc:subject>CANARY_SUBJECT</dc:subject><dc:description>CANARY_COMMENTS</dc:description><meta:keyword>CANARY_KEYWORD</meta:keyword><meta:user-defined meta:name="CANARY_CUSTOM_NAME">CANARY_CUSTOM_VALUE</meta:user-defined></office:meta>`;
const TABLE_NS =
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"';
const ANNOTATION = `<office:annotation><dc:creator>CANARY_COMMENT_AUTHOR</dc:creator><dc:date>2021-02-02T00:00:00</dc:date><text:p>${LEGACY_COMMENT_TEXT}</text:p></office:annotation>`;

function doc(mime: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${ODF_NS} ${TABLE_NS} office:version="1.3" office:mimetype="${mime}">${META}<office:body>${body}</office:body></office:document>`;
}

const FLAT = {
  fodt: doc(
    'application/vnd.oasis.opendocument.text',
    `<office:text><text:p>${ANNOTATION}${LEGACY_KEPT_TEXT}</text:p></office:text>`,
  ),
  fods: doc(
    'application/vnd.oasis.opendocument.spreadsheet',
    `<office:spreadsheet><table:table table:name="Sheet1"><table:table-row><table:table-cell office:value-type="string"><text:p>${LEGACY_KEPT_TEXT}</text:p>${ANNOTATION}</table:table-cell></table:table-row></table:table></office:spreadsheet>`,
  ),
  fodp: doc(
    'application/vnd.oasis.opendocument.presentation',
    `<office:presentation><draw:page draw:name="page1"><draw:frame svg:width="20cm" svg:height="3cm" svg:x="1cm" svg:y="1cm"><draw:text-box><text:p>${LEGACY_KEPT_TEXT}</text:p></draw:text-box></draw:frame>${ANNOTATION.replace('<office:annotation>', '<officeooo:annotation xmlns:officeooo="http://openoffice.org/2009/office" svg:x="1cm" svg:y="1cm">').replace('</office:annotation>', '</officeooo:annotation>')}</draw:page></office:presentation>`,
  ),
};

export type LegacyKind = 'doc' | 'xls' | 'ppt';
const SOURCE: Record<LegacyKind, keyof typeof FLAT> = {
  doc: 'fodt',
  xls: 'fods',
  ppt: 'fodp',
};

/** Writes the flat file for `kind` to `dir` and returns its path. */
export function writeFlatSource(dir: string, kind: LegacyKind): string {
  const flat = join(dir, `canary.${SOURCE[kind]}`);
  writeFileSync(flat, FLAT[SOURCE[kind]]);
  return flat;
}

/**
 * Converts `files` in one LibreOffice run, in a profile of its own under `dir` (kept for the next
 * call in the same `dir`): a second LibreOffice on the same profile (another test, another
 * person's session) would take the job or refuse it. Returns the output paths, in order.
 */
export function convertAll(
  dir: string,
  target: string,
  files: readonly string[],
): string[] {
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${join(dir, 'profile')}`,
      '--headless',
      '--norestore',
      '--convert-to',
      target,
      '--outdir',
      dir,
      ...files,
    ],
    { stdio: 'pipe', timeout: SOFFICE_TIMEOUT_MS },
  );
  const ext = target.split(':')[0]!;
  return files.map((file) =>
    join(dir, file.replace(/^.*\//, '').replace(/\.[^.]+$/, `.${ext}`)),
  );
}

/** `convertAll` for one file. */
export const convert = (dir: string, target: string, file: string): string =>
  convertAll(dir, target, [file])[0]!;

/** A picture frame holding `jpeg`, with `attributes` placing it. */
const photoFrame = (jpeg: Uint8Array, attributes: string) =>
  `<draw:frame ${attributes} svg:width="4cm" svg:height="3cm"><draw:image><office:binary-data>${Buffer.from(jpeg).toString('base64')}</office:binary-data></draw:image></draw:frame>`;

/**
 * The flat file for `kind` with `photos` as well: in a text, the first inline (a character,
 * which LibreOffice writes to the Data stream) and each floating (anchored to the paragraph: the
 * drawing group names it, in the delay stream); on a sheet or a slide, each side by side.
 */
function flatWithPhotos(
  kind: LegacyKind,
  photos: readonly Uint8Array[],
): string {
  const placed = photos
    .map((p, i) => photoFrame(p, `svg:x="${1 + 5 * i}cm" svg:y="5cm"`))
    .join('');
  if (kind === 'doc') {
    const [first] = photos;
    if (!first) return FLAT.fodt;
    return FLAT.fodt.replace(
      '</office:text>',
      `<text:p>Inline ${photoFrame(first, 'text:anchor-type="as-char"')}</text:p>${photos.map((p) => `<text:p>Floating ${photoFrame(p, 'text:anchor-type="paragraph"')}</text:p>`).join('')}</office:text>`,
    );
  }
  if (kind === 'xls')
    return FLAT.fods.replace(
      '<table:table-row>',
      `<table:shapes>${placed}</table:shapes><table:table-row>`,
    );
  return FLAT.fodp.replace('</draw:page>', `${placed}</draw:page>`);
}

/** Writes the flat file for `kind` with `photos` to `dir` and returns its path. */
export function flatSourceWith(
  dir: string,
  kind: LegacyKind,
  photos: readonly Uint8Array[],
): string {
  const flat = join(dir, `photos.${SOURCE[kind]}`);
  writeFileSync(flat, flatWithPhotos(kind, photos));
  return flat;
}

/** Writes the flat file for `kind` to `dir` and converts it; returns the file's path. */
export function legacyOfficeFile(dir: string, kind: LegacyKind): string {
  return convert(dir, kind, writeFlatSource(dir, kind));
}

/** Every stream of a compound file, by path, as olefile reads them. */
export function oleStreams(path: string): Map<string, Buffer> {
  const script = `import olefile, sys, json, base64
o = olefile.OleFileIO(sys.argv[1])
print(json.dumps({'/'.join(p): base64.b64encode(o.openstream(p).read()).decode() for p in o.listdir(streams=True, storages=False)}))`;
  const json = execFileSync('/usr/bin/python3', ['-c', script, path], {
    encoding: 'utf8',
    maxBuffer: MAX_TOOL_OUTPUT,
  });
  return new Map(
    Object.entries(JSON.parse(json) as Record<string, string>).map(([k, v]) => [
      k,
      Buffer.from(v, 'base64'),
    ]),
  );
}

/** olefile's reading of the property sets (`get_metadata`), as text. */
export function oleMetadata(path: string): string {
  const script = `import olefile, sys
m = olefile.OleFileIO(sys.argv[1]).get_metadata()
for k in m.SUMMARY_ATTRIBS + m.DOCSUM_ATTRIBS:
    print(k, repr(getattr(m, k)))`;
  return execFileSync('/usr/bin/python3', ['-c', script, path], {
    encoding: 'utf8',
    maxBuffer: MAX_TOOL_OUTPUT,
  });
}

/** Streams holding `text` in 8-bit or UTF-16 form. */
export function streamsWith(
  streams: Map<string, Buffer>,
  text: string,
): string[] {
  const wide = Buffer.from(text, 'utf16le');
  return [...streams]
    .filter(([, b]) => b.includes(text) || b.includes(wide))
    .map(([n]) => n);
}
