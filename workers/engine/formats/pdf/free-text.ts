/**
 * Keys the standard defines whose text is the author's, not the document's: a launch action's
 * parameters (12.6.4.6, Table 206: a command line, often a path or a user name), a portfolio
 * entry's collection item (7.11.6: the columns a producer filled in per file, such as the author
 * or the company), an XObject's `/Name` (8.9.5 and 8.10.2: deprecated, read by no viewer), and
 * an annotation icon name the standard does not list (12.5.6: a viewer draws the annotation's
 * appearance stream; a custom stamp's name is the person's own). Each goes and is reported.
 */
import { finding, type Finding } from '../../findings';
import type { KeptKind } from './keep';
import type { Position } from './positions';
import { isDict, isRef, nameOf, type PdfDict } from './objects';
import { textOf } from './text';

/** Icon names of 12.5.6.4 (text), 12.5.6.12 (rubber stamp), 12.5.6.15 (file attachment), 12.5.6.16 (sound). */
const ICONS = new Set([
  ...['Comment', 'Key', 'Note', 'Help', 'NewParagraph', 'Paragraph'],
  ...['Insert', 'Approved', 'Experimental', 'NotApproved', 'AsIs', 'Expired'],
  ...['NotForPublicRelease', 'Confidential', 'Final', 'Sold', 'Departmental'],
  ...['ForComment', 'TopSecret', 'Draft', 'ForPublicRelease', 'GraphPushPin'],
  ...['PaperclipTag', 'Graph', 'PushPin', 'Paperclip', 'Tag', 'Speaker'],
  ...['Mic'],
]);

/** A launch action's platform dictionaries that hold parameters (12.6.4.6). */
const LAUNCH_PARAMETERS = 'P';

function take(d: PdfDict, key: string, where: string): Finding[] {
  const v = d.map.get(key);
  if (v === undefined) return [];
  d.map.delete(key);
  if (isDict(v))
    return [...v.map]
      .filter(([k]) => k !== 'Type')
      .map(([k, x]) =>
        finding(
          'other.data',
          `${key}/${k}`,
          where,
          textOf(isDict(x) ? x.map.get('D') : x),
        ),
      );
  return [finding('other.data', key, where, isRef(v) ? undefined : textOf(v))];
}

/** Takes from a dictionary of a kept kind the free text its kind holds, reporting it. */
export function freeText(
  d: PdfDict,
  kind: KeptKind | null,
  position?: Position,
): Finding[] {
  const m = d.map;
  // A platform dictionary of its own is met with the position its launch action gave it.
  if (position === 'launch-parameters')
    return take(d, LAUNCH_PARAMETERS, 'launch action');
  if (kind === 'action' && nameOf(m.get('S')) === 'Launch') {
    const win = m.get('Win');
    return isDict(win) ? take(win, LAUNCH_PARAMETERS, 'launch action') : [];
  }
  if (kind === 'filespec') return take(d, 'CI', 'file specification');
  if (kind === 'xobject') return take(d, 'Name', 'XObject');
  if (kind === 'annotation' && m.has('Name')) {
    const icon = nameOf(m.get('Name'));
    if (icon === undefined || !ICONS.has(icon))
      return take(
        d,
        'Name',
        `annotation ${nameOf(m.get('Subtype')) ?? ''}`.trim(),
      );
  }
  return [];
}
