import { basename } from 'node:path';
import type { Sidecar } from '../workers/engine/sidecars';
import messages from '../i18n/messages/uploader/en.json';
import type { SkipReason } from './walk';

/** Why a file was passed over, in the words each line and JSON record give. */
const REASON_WORDS: Readonly<Record<Exclude<SkipReason, 'sidecar'>, string>> = {
  'cleaned-copy':
    'its name says it is a cleaned copy already; use -o to clean it again',
  hidden: 'hidden (its name starts with a dot)',
  symlink: 'a symbolic link, not followed (--follow-symlinks follows links)',
  'symlink-loop': 'a link back to a folder already walked, not entered again',
  'own-file': "metaclean's own file (a temporary copy or an undo journal)",
  'not-regular': 'not a regular file (a FIFO, a socket or a device)',
};

const SIDECAR_MESSAGES: Readonly<Record<string, string>> = messages;

/**
 * What a left-out sidecar holds, in the site's English words (`sidecar.*`), naming the file it
 * belongs to: "left out: it holds location and dates of IMG_0042.HEIC".
 */
export function sidecarWords(sidecar: Sidecar): string {
  const id = sidecar.belongsTo
    ? `sidecar.${sidecar.kind}.of`
    : `sidecar.${sidecar.kind}`;
  const words = (SIDECAR_MESSAGES[id] ?? '')
    .replace('{name}', basename(sidecar.belongsTo ?? ''))
    .replace(/\.$/, '');
  return words.charAt(0).toLowerCase() + words.slice(1);
}

export function skipWords(reason: SkipReason, sidecar?: Sidecar): string {
  if (reason === 'sidecar' && sidecar) return sidecarWords(sidecar);
  return reason === 'sidecar' ? 'left out: a sidecar' : REASON_WORDS[reason];
}
