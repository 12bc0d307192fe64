import { decodeEntities } from './tokenize';

/**
 * URI schemes that name a file on a disk or a server share: `file:` (RFC 8089), and the
 * addresses file managers write for a share, SMB's and CIFS's (`smb://server/share/x`, as
 * macOS's Finder and GNOME's Files write them), Apple's AFP and NFS's.
 */
const FILE_SCHEMES = String.raw`(?:file|smb|cifs|afp|nfs):`;
/** Where Linux, macOS and a Unix administrator keep their own files. */
const HOMES = String.raw`\/home\/|\/Users\/|\/root\/`;
/**
 * A relative reference that climbs out of the document's folder into a person's own folder or
 * a drive (`../../home/alice/x.odt`, `../../../C:/Users/alice/x.docx`): how LibreOffice writes a
 * link to a file on the same disk, relative to the document (its default), and as telling as
 * the absolute path. `./` steps may stand among the climbs (`./../../home/alice/x.png`).
 */
const CLIMBS_HOME = String.raw`(?:\.[\\/])*\.\.[\\/](?:\.\.?[\\/])*(?:[A-Za-z]:[\\/]|(?:home|Users|root|Documents and Settings)[\\/])`;

/**
 * Paths on someone's disk (`file:///home/alice/x`, `C:\Users\alice\x`, `\\server\share\x`,
 * `smb://server/share/x`, `/Users/alice/x`, `../../home/alice/x`) name the person or their
 * organisation, and no one else can open them. Found anywhere in a value unless the start
 * continues a word or a URL (`https://x.org/home/`, `profile:`): before it, a space, a quote, a
 * bracket, `=`, a control byte or punctuation. A server's name may follow doubled backslashes
 * (`\\\\server\\share` in a Word field code). Values are taken as XML writes them: character and
 * entity references are decoded before a rule looks (`C:\Users\J&#246;rg\x` is Jörg's folder, and
 * `&#92;` is a separator).
 */
const LOCAL_PATH_INSIDE = new RegExp(
  String.raw`(?<![\w/.:~-])(?:${FILE_SCHEMES}|[A-Za-z]:[\\/]|(?:\\\\)+\w|${HOMES}|${CLIMBS_HOME})`,
  'i',
);
const LOCAL_PATH_ALL = new RegExp(LOCAL_PATH_INSIDE.source, 'gi');
/**
 * A value that starts as a local path, blanks before it aside: a server share's two backslashes
 * are enough here, the name after them being the value's own.
 */
const LOCAL_PATH_START = new RegExp(
  String.raw`^\s*(?:${FILE_SCHEMES}|[A-Za-z]:[\\/]|\\\\|${HOMES}|${CLIMBS_HOME})`,
  'i',
);
/**
 * Looser, for text where no value is a web path (an XML declaration): any of these anywhere is
 * the author's disk, a server's share (`\\server\share`) and a drive written with a slash
 * (`D:/art`) too; a drive letter after a letter is a URL's scheme (`http://`).
 */
const LOCAL_PATH_ANYWHERE = new RegExp(
  String.raw`file:|[A-Za-z]:\\|(?<![A-Za-z])[A-Za-z]:\/|\\\\|${HOMES}`,
  'i',
);
/** Where a path inside a longer value ends: a connection string's `;`, a quote, a tag, a line. */
const PATH_END = /[;"'<>|\r\n\t]/;
const SEPARATOR = /[\\/]/;

/** True when the text (raw XML, references not decoded) names a place on a local disk. */
export function holdsLocalPath(text: string): boolean {
  return LOCAL_PATH_INSIDE.test(
    text.includes('&') ? decodeEntities(text) : text,
  );
}

const FILE_URI = new RegExp(String.raw`^\s*${FILE_SCHEMES}`, 'i');
/** A URI's scheme of two letters or more (RFC 3986, 3.1): one letter before a colon is a drive. */
const SCHEME = /^\s*[a-z][a-z0-9+.-]+:/i;

/**
 * True when a link's target (a URI reference, references decoded) is a place on a disk or a
 * server share: a `file:` URI or a share's (`smb:`), or a reference of no scheme that holds a
 * local path (a drive, `\\server\share`, a home folder, a relative path that climbs into one).
 * A web address that mentions such a path in its query is a web address.
 */
export function linksToLocalPlace(target: string): boolean {
  return (
    FILE_URI.test(target) ||
    (!SCHEME.test(target) && LOCAL_PATH_INSIDE.test(target))
  );
}

/** The length of the local path's start that begins the text, or 0 when it begins none. */
export function localPathStart(text: string): number {
  return LOCAL_PATH_START.exec(text)?.[0].length ?? 0;
}

/** True when a local path shows anywhere in text that holds no web path (see above). */
export function mentionsLocalPath(text: string): boolean {
  return LOCAL_PATH_ANYWHERE.test(text);
}

function cutFolders(text: string): string {
  let out = '';
  let at = 0;
  for (const m of text.matchAll(LOCAL_PATH_ALL)) {
    if (m.index < at) continue;
    let cut = m.index + m[0].length;
    for (let i = m.index; i < text.length && !PATH_END.test(text[i]!); i++)
      if (SEPARATOR.test(text[i]!)) cut = i + 1;
    out += text.slice(at, m.index);
    at = cut;
  }
  return out + text.slice(at);
}

/** Escapes what XML text and either kind of quoted attribute value cannot hold as it is. */
const escapeAll = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/**
 * The text (raw XML) with the folders of every local path in it cut, each path keeping only its
 * file name (`Data Source=C:\Users\alice\list.xlsx;Mode=Read` -> `Data Source=list.xlsx;Mode=Read`).
 * A value with references is decoded first and written back escaped.
 */
export function withoutFolders(text: string): string {
  if (!text.includes('&')) return cutFolders(text);
  const decoded = decodeEntities(text);
  const cut = cutFolders(decoded);
  return cut === decoded ? text : escapeAll(cut);
}
