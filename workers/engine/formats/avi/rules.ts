/**
 * What each AVI chunk is to us (OpenDML AVI File Format Extensions 1.02; Microsoft "AVI RIFF File
 * Reference"). A player needs the headers, the stream formats, the indexes and `movi`; everything
 * else in the header area is metadata or vendor data and becomes JUNK of the same size.
 */
export type ChunkRole = 'keep' | 'descend' | 'junk' | 'info' | 'drop';

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
/** Lists a player needs whose contents we walk for metadata. */
const WALKED_LISTS = new Set(['hdrl', 'strl']);
/** Lists a player needs and whose contents hold no metadata (samples, the OpenDML header). */
const KEPT_LISTS = new Set(['movi', 'odml']);

export function chunkRole(id: string, listType: string | undefined): ChunkRole {
  if (id === 'LIST' && listType !== undefined) {
    if (WALKED_LISTS.has(listType)) return 'descend';
    if (KEPT_LISTS.has(listType)) return 'keep';
    return listType === 'INFO' ? 'info' : 'drop';
  }
  if (id === 'JUNK') return 'junk';
  return NEEDED.has(id) ? 'keep' : 'drop';
}
