/**
 * Word 97-2003 documents with tracked changes, made by LibreOffice from flat ODF text written
 * here: a deletion whose text is a canary, an insertion alone, and the same text with no change
 * tracked (its author a canary, so cleaning has something to prove).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertAll } from './legacy-office-fixtures';
import { ODF_NS } from './odf-fixtures';

export const DELETED_CANARY = 'CANARY_DELETED_WORDS';
export const AUTHOR_CANARY = 'CANARY_PLAIN_AUTHOR';
const KEPT = 'The orchard needs water on Tuesday';

const change = (id: string, kind: 'deletion' | 'insertion', body = '') =>
  `<text:changed-region text:id="${id}"><text:${kind}><office:change-info><dc:creator>Reviewer</dc:creator><dc:date>2021-03-04T05:06:07</dc:date></office:change-info>${body}</text:${kind}></text:changed-region>`;

const flat = (meta: string, tracked: string, paragraph: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${ODF_NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">${meta}<office:body><office:text>${tracked}<text:p>${paragraph}</text:p></office:text></office:body></office:document>`;

const SOURCES = {
  deleted: flat(
    '',
    `<text:tracked-changes>${change('ct1', 'deletion', `<text:p>${DELETED_CANARY}</text:p>`)}</text:tracked-changes>`,
    `${KEPT} <text:change text:change-id="ct1"/>today.`,
  ),
  inserted: flat(
    '',
    `<text:tracked-changes>${change('ct1', 'insertion')}</text:tracked-changes>`,
    `${KEPT} <text:change-start text:change-id="ct1"/>added words<text:change-end text:change-id="ct1"/> today.`,
  ),
  plain: flat(
    `<office:meta><dc:creator>${AUTHOR_CANARY}</dc:creator></office:meta>`,
    '',
    `${KEPT} today.`,
  ),
};

export type TrackedKind = keyof typeof SOURCES;

/** Writes the three flat files to `dir`, converts them in one LibreOffice run, returns the `.doc`s. */
export function trackedChangeDocs(
  dir: string,
): Record<TrackedKind, Uint8Array> {
  const kinds = Object.keys(SOURCES) as TrackedKind[];
  for (const kind of kinds)
    writeFileSync(join(dir, `${kind}.fodt`), SOURCES[kind]);
  convertAll(
    dir,
    'doc',
    kinds.map((kind) => join(dir, `${kind}.fodt`)),
  );
  return Object.fromEntries(
    kinds.map((kind) => [
      kind,
      new Uint8Array(readFileSync(join(dir, `${kind}.doc`))),
    ]),
  ) as Record<TrackedKind, Uint8Array>;
}
