import { extensionOf } from '../../catalog/accepted-types';

/**
 * What a file the engine does not clean most likely is, told by its extension or its MIME type,
 * so a refusal can say what the file is and what to do with it. Consulted only for files no page
 * takes: a type the catalog has (legacy Office documents, say) goes to the engine instead.
 */
export type RefusedKind = 'archive' | 'text' | 'image' | 'video' | 'audio';

const BY_EXTENSION: ReadonlyMap<string, RefusedKind> = new Map(
  Object.entries({
    zip: 'archive',
    rar: 'archive',
    '7z': 'archive',
    tar: 'archive',
    gz: 'archive',
    tgz: 'archive',
    bz2: 'archive',
    xz: 'archive',
    txt: 'text',
    text: 'text',
    csv: 'text',
    tsv: 'text',
    md: 'text',
    log: 'text',
    psd: 'image',
    ico: 'image',
    jxl: 'image',
    jp2: 'image',
    cr2: 'image',
    cr3: 'image',
    nef: 'image',
    arw: 'image',
    orf: 'image',
    rw2: 'image',
    raf: 'image',
    mpg: 'video',
    mpeg: 'video',
    ts: 'video',
    mts: 'video',
    m2ts: 'video',
    vob: 'video',
    ogv: 'video',
    aac: 'audio',
    amr: 'audio',
    m4b: 'audio',
    mid: 'audio',
    midi: 'audio',
    wv: 'audio',
    ape: 'audio',
  } satisfies Record<string, RefusedKind>),
);

const BY_MIME: ReadonlyMap<string, RefusedKind> = new Map(
  Object.entries({
    'application/zip': 'archive',
    'application/x-zip-compressed': 'archive',
    'application/x-7z-compressed': 'archive',
    'application/vnd.rar': 'archive',
    'application/gzip': 'archive',
  } satisfies Record<string, RefusedKind>),
);

/** The broad families a MIME type's top-level type names (RFC 6838, section 4.2). */
const BY_TOP_LEVEL: ReadonlyMap<string, RefusedKind> = new Map(
  Object.entries({
    text: 'text',
    image: 'image',
    video: 'video',
    audio: 'audio',
  } satisfies Record<string, RefusedKind>),
);

/** What a refused file is, when its name or type tells; undefined when neither does. */
export function refusedKind(
  name: string,
  mime: string,
): RefusedKind | undefined {
  // Maps, not objects: a name ending in ".constructor" must not find Object's prototype.
  const byExtension = BY_EXTENSION.get(extensionOf(name));
  if (byExtension) return byExtension;
  const type = mime.toLowerCase();
  return BY_MIME.get(type) ?? BY_TOP_LEVEL.get(type.split('/')[0] ?? '');
}
