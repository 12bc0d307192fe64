/**
 * Rules that hold in every PDF dictionary, whatever its type: pdfTeX's private keys, a date under
 * any key (a damaged or private key hides nothing), optional-content creator and user names, and
 * local paths in file specifications and links.
 */
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';
import { holdsLocalPath, withoutFolders } from '../../shared/xml';
import {
  isDict,
  isString,
  nameOf,
  type PdfDict,
  type PdfValue,
} from './objects';
import { dateOf, textOf } from './text';

/** pdfTeX names the included file's path, page and information dictionary under this prefix. */
const PDFTEX_PREFIX = 'PTEX.';

/** A PDF date string (ISO 32000-2, 7.9.4): `D:` and at least the year. */
const PDF_DATE = /^D:\d{4}/;

/** Field values are what the form says, even when they look like dates (ISO 32000-2, 12.7.4.1). */
const CONTENT_KEYS = new Set(['V', 'DV', 'Contents', 'RC', 'Opt', 'TU', 'T']);
/** Text shown or run: a local path in it is what the document says, not where it was made. */
const SHOWN_KEYS = new Set([...CONTENT_KEYS, 'JS', 'Title', 'Desc', 'Subj']);

/**
 * Keys whose strings are file specifications (ISO 32000-2, 7.11.2 and Table 43), URIs of
 * actions (12.6.4.8, Table 210) and the catalog's URI base (Table 211), and a launch action's
 * directory (12.6.4.6, Table 205).
 */
const PATH_KEYS = new Set(['F', 'UF', 'DOS', 'Mac', 'Unix', 'URI', 'Base']);
const LAUNCH_DIRECTORY = 'D';

/** Usage entries that name people (ISO 32000-2, 8.11.4.4, Table 102). */
const USAGE_PEOPLE = ['CreatorInfo', 'User'] as const;
const USAGE_KEYS = [
  'Language',
  'Export',
  'Zoom',
  'Print',
  'View',
  'PageElement',
];

export function anywhere(d: PdfDict, owner: string): Finding[] {
  return [
    ...pdfTeXKeys(d),
    ...dates(d, owner),
    ...usagePeople(d),
    ...signer(d),
    ...localPaths(d, owner),
  ];
}

/** Keys of a signature dictionary that name or place the signer (ISO 32000-2, 12.8.1, Table 255). */
const SIGNER_KEYS = [
  'Name',
  'Location',
  'Reason',
  'ContactInfo',
  'M',
  'Cert',
  'Contents',
  'Prop_Build',
  'Prop_AuthTime',
  'Prop_AuthType',
];

/** What the signer keys say; the rest (certificates, build data, times) are signature details. */
const SIGNER_FIELDS: Readonly<Record<string, FieldId>> = {
  Name: 'author.name',
  Location: 'place.name',
  Reason: 'content.comment',
  ContactInfo: 'author.contact',
  M: 'time.date',
};

/**
 * A signature dictionary the walk still reaches (its field no longer says it is a signature
 * field) loses what names the signer: the signature is void once anything changes anyway.
 */
function signer(d: PdfDict): Finding[] {
  const m = d.map;
  const isSig =
    nameOf(m.get('Type')) === 'Sig' ||
    (m.has('ByteRange') && m.has('Contents'));
  if (!isSig) return [];
  const found: Finding[] = [];
  for (const key of SIGNER_KEYS)
    if (m.has(key)) {
      const v = m.get(key);
      m.delete(key);
      found.push(
        finding(
          SIGNER_FIELDS[key] ?? 'author.signature',
          key,
          'signature',
          !isString(v) ? undefined : key === 'M' ? dateOf(v) : textOf(v),
        ),
      );
    }
  return found;
}

function pdfTeXKeys(d: PdfDict): Finding[] {
  const found: Finding[] = [];
  for (const [key, v] of [...d.map])
    if (key.startsWith(PDFTEX_PREFIX)) {
      d.map.delete(key);
      const value = isDict(v) ? undefined : textOf(v);
      found.push(finding('software.detail', key, 'pdfTeX', value));
    }
  return found;
}

function dates(d: PdfDict, owner: string): Finding[] {
  const found: Finding[] = [];
  for (const [key, v] of [...d.map]) {
    if (CONTENT_KEYS.has(key) || !isString(v)) continue;
    const text = textOf(v);
    if (!text || !PDF_DATE.test(text)) continue;
    d.map.delete(key);
    found.push(finding('time.date', key, owner, dateOf(v)));
  }
  return found;
}

/** Whether a dictionary is an optional-content usage dictionary. */
const isUsage = (d: PdfDict): boolean =>
  d.map.has('CreatorInfo') ||
  USAGE_KEYS.some((k) => d.map.has(k)) ||
  (isDict(d.map.get('User')) && (d.map.get('User') as PdfDict).map.has('Name'));

function usagePeople(d: PdfDict): Finding[] {
  if (!isUsage(d)) return [];
  const found: Finding[] = [];
  for (const key of USAGE_PEOPLE) {
    const v = d.map.get(key);
    if (v === undefined) continue;
    d.map.delete(key);
    const name = isDict(v)
      ? textOf(v.map.get(key === 'User' ? 'Name' : 'Creator'))
      : undefined;
    // CreatorInfo names the application that made the layer; User names people.
    const field = key === 'User' ? 'author.person' : 'software.creator';
    found.push(finding(field, key, 'layer usage', name));
  }
  return found;
}

function localPaths(d: PdfDict, owner: string): Finding[] {
  const found: Finding[] = [];
  for (const [key, v] of d.map) {
    const isPathKey =
      PATH_KEYS.has(key) || (key === LAUNCH_DIRECTORY && d.map.has('F'));
    if (!isString(v) || SHOWN_KEYS.has(key)) continue;
    const text = textOf(v);
    // A local path under any other key (a private or damaged one) goes the same way.
    if (!text || !(isPathKey ? isLocal(text, key) : holdsLocalPath(text)))
      continue;
    // A launch directory is folders only: its last one is as telling as the rest (a user name).
    if (key === LAUNCH_DIRECTORY && isPathKey) d.map.delete(key);
    else {
      const name = fileNameOf(text);
      if (name === text) continue;
      d.map.set(key, textString(v, name));
    }
    found.push(finding('identifier.file-name', key, owner, text));
  }
  return found;
}

/**
 * A file specification's absolute forms (ISO 32000-2, 7.11.2.1: `/C/Users/x/a.pdf`, and the
 * platform forms `C:\...`, UNC `\\server\...`), or any local path or `file:` URI. A URI
 * (12.6.4.8) stays only when it names a place on a network: a relative reference is resolved
 * against the document's own folder, and a damaged one is no link at all.
 */
function isLocal(text: string, key: string): boolean {
  if (holdsLocalPath(text)) return true;
  if (key === 'URI' || key === 'Base') return !isNetworkUri(text);
  return /^(?:[\\/]|[A-Za-z]:)/.test(text) && /[\\/:]/.test(text.slice(1));
}

/**
 * An absolute URI (RFC 3986, 3 and 2: a scheme, then only the characters a URI may hold) whose
 * scheme names a network place; the schemes that address a host need one after `//`.
 */
const ABSOLUTE_URI =
  /^([A-Za-z][A-Za-z0-9+.-]*):[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;
const HOST_SCHEMES = new Set(['http', 'https', 'ftp', 'ftps']);
const OTHER_NETWORK_SCHEMES = new Set(['mailto', 'tel', 'news', 'nntp']);
const AFTER_SCHEME_HOST = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#@]/;

function isNetworkUri(text: string): boolean {
  const scheme = ABSOLUTE_URI.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined) return false;
  if (HOST_SCHEMES.has(scheme)) return AFTER_SCHEME_HOST.test(text);
  return OTHER_NETWORK_SCHEMES.has(scheme);
}

function fileNameOf(text: string): string {
  const cut = withoutFolders(text);
  if (cut !== text && !/[\\/]/.test(cut)) return cut;
  return text.split(/[\\/:]/).at(-1) ?? '';
}

/** A text string in the encoding the original used: UTF-16BE with its mark, else one byte per char. */
function textString(original: PdfValue, text: string): PdfValue {
  const bytes = isString(original) ? original.bytes : new Uint8Array(0);
  const wide =
    (bytes[0] === 0xfe && bytes[1] === 0xff) ||
    [...text].some((c) => c.charCodeAt(0) > 0xff);
  if (!wide)
    return {
      kind: 'str',
      bytes: Uint8Array.from(text, (c) => c.charCodeAt(0)),
    };
  const out = new Uint8Array(2 + text.length * 2);
  out[0] = 0xfe;
  out[1] = 0xff;
  for (let i = 0; i < text.length; i++) {
    out[2 + 2 * i] = text.charCodeAt(i) >> 8;
    out[3 + 2 * i] = text.charCodeAt(i) & 0xff;
  }
  return { kind: 'str', bytes: out };
}
