/**
 * The words for what an editing-history step did (XMP `stEvt:action`). XMP Part 2 gives the
 * property an open choice of actions; the ones listed there, and the ones apps write beside them
 * (`derived`, `renamed`), are translated; any other word is the file's own, shown quoted as written.
 */
import type { IntlShape } from 'react-intl';

/** XMP Part 2, ResourceEvent `action`: its open choice, and `derived`/`renamed` Adobe apps write. */
const KNOWN_ACTIONS: ReadonlySet<string> = new Set([
  'converted',
  'copied',
  'created',
  'cropped',
  'derived',
  'edited',
  'filtered',
  'formatted',
  'managed',
  'printed',
  'produced',
  'published',
  'renamed',
  'resized',
  'saved',
  'version_updated',
]);

/**
 * The action in the visitor's words when XMP lists it; any other word quoted as the file wrote
 * it, so it reads as what was done and not as the app; `null` when the file names no action.
 */
export function actionWords(intl: IntlShape, action: string): string | null {
  const known = action.trim().toLowerCase();
  if (!known) return null;
  return KNOWN_ACTIONS.has(known)
    ? intl.formatMessage({ id: 'report.value.event-action' }, { action: known })
    : intl.formatMessage(
        { id: 'report.value.event-action-quoted' },
        { action: action.trim() },
      );
}
