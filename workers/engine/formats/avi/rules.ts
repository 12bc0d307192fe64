/**
 * What each AVI chunk is to us (OpenDML AVI File Format Extensions 1.02; Microsoft "AVI RIFF File
 * Reference"). A player needs the headers, the stream formats, the indexes and `movi`, whose
 * chunks movi.ts weighs; everything else in the header area is metadata or vendor data and
 * becomes JUNK of the same size.
 */
export type ChunkRole = 'keep' | 'descend' | 'movi' | 'junk' | 'info' | 'drop';

/** Chunks a player needs, at any level we walk. */
const NEEDED = new Set([
  'avih',
  'strh',
  'strf',
  'indx',
  'vprp',
  'idx1',
  'dmlh',
]);
/** Lists a player needs whose contents we walk for metadata; `odml` holds the total frame count. */
const WALKED_LISTS = new Set(['hdrl', 'strl', 'odml']);

export function chunkRole(id: string, listType: string | undefined): ChunkRole {
  if (id === 'LIST' && listType !== undefined) {
    if (WALKED_LISTS.has(listType)) return 'descend';
    if (listType === 'movi') return 'movi';
    return listType === 'INFO' ? 'info' : 'drop';
  }
  if (id === 'JUNK') return 'junk';
  return NEEDED.has(id) ? 'keep' : 'drop';
}
