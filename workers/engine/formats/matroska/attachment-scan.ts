/**
 * Attachments: fonts stay when a text subtitle track may need them (ASS/SSA styles name them);
 * every other attachment (cover art, documents) is voided, and so is every description. A Void
 * beside or in a kept font that holds anything is zero-filled (void-contents.ts).
 */
import { finding, type Finding } from '../../findings';
import { noteCrc, type Analysis } from './targets';
import type { EbmlCursor } from './cursor';
import type { Element } from './ebml';
import { leafText } from './fields';
import { emptyVoid } from './void-contents';
import {
  ATTACHED_FILE,
  FILE_DESCRIPTION,
  FILE_MEDIA_TYPE,
  FILE_NAME,
} from './ids';

const LOCATION = 'Segment/Attachments';
const STYLED_SUBTITLE_CODECS = /^S_(TEXT\/)?(ASS|SSA)$/;
const FONT_MEDIA_TYPE =
  /^(font\/|application\/(x-)?(font|truetype|vnd\.ms-opentype))/i;
const FONT_EXTENSION = /\.(ttf|otf|ttc|otc|woff2?)$/i;

interface AttachedFile {
  readonly element: Element;
  readonly children: Element[];
  readonly name: string;
  readonly mediaType: string;
  readonly description?: Element;
  readonly descriptionText: string;
}

export function needsFonts(codecs: readonly string[]): boolean {
  return codecs.some((c) => STYLED_SUBTITLE_CODECS.test(c));
}

const isFont = (file: AttachedFile): boolean =>
  FONT_MEDIA_TYPE.test(file.mediaType) || FONT_EXTENSION.test(file.name);

export async function scanAttachments(
  cursor: EbmlCursor,
  attachments: Element,
  keepFonts: boolean,
  into: Analysis,
): Promise<void> {
  const children = await cursor.children(attachments, 2);
  const files: AttachedFile[] = [];
  for (const child of children) {
    if (child.id === ATTACHED_FILE) files.push(await readFile(cursor, child));
  }
  const kept = files.filter((f) => keepFonts && isFont(f));
  if (kept.length === 0) {
    into.targets.push({
      element: attachments,
      findings: files.flatMap(removedFindings),
    });
    return;
  }
  for (const child of children) await emptyVoid(cursor, child, LOCATION, into);
  for (const file of files) {
    if (kept.includes(file)) await keepFont(cursor, file, into);
    else
      into.targets.push({
        element: file.element,
        findings: removedFindings(file),
      });
  }
  noteCrc(into, attachments, children, 1, true);
}

async function keepFont(
  cursor: EbmlCursor,
  file: AttachedFile,
  into: Analysis,
): Promise<void> {
  into.kept.push(
    finding('media.playback', 'AttachedFile', LOCATION, file.name, 'playback'),
  );
  let changed = file.description !== undefined;
  for (const child of file.children)
    if (await emptyVoid(cursor, child, LOCATION, into)) changed = true;
  noteCrc(into, file.element, file.children, 2, changed);
  if (!file.description) return;
  into.targets.push({
    element: file.description,
    findings: [
      finding(
        'content.comment',
        'FileDescription',
        LOCATION,
        file.descriptionText || undefined,
      ),
    ],
  });
}

function removedFindings(file: AttachedFile): Finding[] {
  const field = file.mediaType.startsWith('image/')
    ? 'thumbnail.image'
    : 'other.data';
  const shown = [file.name, file.mediaType].filter(Boolean).join(', ');
  const out = [finding(field, 'AttachedFile', LOCATION, shown || undefined)];
  if (file.descriptionText) {
    out.push(
      finding(
        'content.comment',
        'FileDescription',
        LOCATION,
        file.descriptionText,
      ),
    );
  }
  return out;
}

async function readFile(
  cursor: EbmlCursor,
  element: Element,
): Promise<AttachedFile> {
  let name = '';
  let mediaType = '';
  let description: Element | undefined;
  const children = await cursor.children(element, 3);
  for (const child of children) {
    if (child.id === FILE_NAME) name = await leafText(cursor, child);
    if (child.id === FILE_MEDIA_TYPE) mediaType = await leafText(cursor, child);
    if (child.id === FILE_DESCRIPTION) description = child;
  }
  const descriptionText = description
    ? await leafText(cursor, description)
    : '';
  return {
    element,
    children,
    name,
    mediaType,
    descriptionText,
    ...(description ? { description } : {}),
  };
}
