import { zlibSync } from 'fflate';
import { FIELDS, type FieldId } from '../fields';
import { finding, type Finding } from '../findings';
import type { ByteSource } from '../byte-source';
import type { Analysis, AnalysisContext, FormatModule } from '../format-module';
import { PdfDocument } from './pdf/document';
import { isArray, isDict, isString, type PdfDict } from './pdf/objects';
import { dateOf, textOf } from './pdf/text';
import { walk } from './pdf/walk';
import { analyzeEncrypted } from './pdf/security/encrypted';
import { PdfWindow } from './pdf/window';
import { pdfSniffer } from './pdf/sniff';
import { freshId, isFreshId, writePdf } from './pdf/writer';

/** Header bytes read for the version. */
const HEADER_BYTES = 1024;

/** What each document information entry is (ISO 32000-1, 14.3.3, Table 317). */
const INFO_FIELDS: Readonly<Record<string, FieldId>> = {
  Title: 'content.title',
  Author: 'author.name',
  Subject: 'content.description',
  Keywords: 'content.keywords',
  Creator: 'software.creator',
  Producer: 'software.producer',
  CreationDate: 'time.created',
  ModDate: 'time.modified',
  Trapped: 'software.detail',
};

function infoFindings(info: PdfDict | undefined, location: string): Finding[] {
  if (!info) return [];
  return [...info.map].map(([key, v]) => {
    const field = INFO_FIELDS[key] ?? 'other.data';
    const value = FIELDS[field].value === 'date' ? dateOf(v) : textOf(v);
    return finding(field, key, location, value);
  });
}

/** Whether the trailer holds an /ID our writer made. */
function hasFreshId(trailer: PdfDict): boolean {
  const id = trailer.map.get('ID');
  const [a, b] = isArray(id) ? id.items : [];
  return isString(a) && isString(b) && isFreshId(a.bytes, b.bytes);
}

function idFinding(trailer: PdfDict): Finding[] {
  const id = trailer.map.get('ID');
  if (!isArray(id) || hasFreshId(trailer)) return [];
  const hex = id.items
    .filter(isString)
    .map((s) =>
      [...s.bytes].map((x) => x.toString(16).padStart(2, '0')).join(''),
    )
    .join(' ');
  return [finding('identifier.unique', 'ID', 'trailer', hex || undefined)];
}

async function headerOf(
  win: PdfWindow,
): Promise<{ version: string; linearized: boolean }> {
  const text = new TextDecoder('latin1').decode(
    await win.read(0, HEADER_BYTES),
  );
  const m = /%PDF-(\d\.\d)/.exec(text);
  return { version: m?.[1] ?? '1.7', linearized: text.includes('/Linearized') };
}

/** Document information of earlier revisions, and how many there were. */
async function revisionFindings(
  doc: PdfDocument,
  linearized: boolean,
): Promise<Finding[]> {
  const updates = doc.sections - (linearized ? 2 : 1);
  return [
    ...(await doc.olderInfos()).flatMap((d) =>
      infoFindings(d, 'Info (earlier revision)'),
    ),
    ...(updates > 0
      ? [
          finding(
            'history.changes',
            'Prev',
            'cross-reference',
            `${updates} earlier revisions`,
          ),
        ]
      : []),
  ];
}

async function analyzeDocument(
  src: ByteSource,
  doc: PdfDocument,
  version: string,
  ctx: AnalysisContext,
  earlier: readonly Finding[],
): Promise<Analysis> {
  const info = await doc.resolve(doc.trailer.map.get('Info'));
  const findings: Finding[] = [
    ...infoFindings(isDict(info) ? info : undefined, 'Info'),
    ...earlier,
    ...idFinding(doc.trailer),
  ];
  const walked = await walk(doc, src, ctx, hasFreshId(doc.trailer));
  findings.push(...walked.findings);
  return {
    findings,
    nestedOpaque: walked.nestedOpaque,
    plan: () => writePdf(version, walked, freshId(), (data) => zlibSync(data)),
  };
}

/**
 * PDF: rewritten as one revision holding only what the catalog reaches, with the document
 * information, XMP, page-piece data, thumbnails, comments (`pdf/comments.ts`), annotation authors
 * and dates, signatures and the old /ID removed; photos cleaned by the JPEG module where they lie,
 * attachments by their own module. A text box's drawn text, JavaScript, filled forms, layers and
 * attachments are kept for review.
 * A file protected by an owner password only comes out protected the same way (`pdf/security/`).
 */
export const pdf: FormatModule = {
  ...pdfSniffer,
  async analyze(src, _format, ctx) {
    const win = new PdfWindow(src);
    const { version, linearized } = await headerOf(win);
    const doc = await PdfDocument.open(win);
    if (!doc.trailer.map.has('Encrypt'))
      return analyzeDocument(src, doc, version, ctx, [
        ...(await revisionFindings(doc, linearized)),
      ]);
    return analyzeEncrypted(doc, version, ctx, async (plain, plainDoc) =>
      analyzeDocument(plain, plainDoc, version, ctx, [
        // The encrypted file's own revisions, decrypted: the copy has one.
        ...(await revisionFindings(doc, linearized)),
      ]),
    );
  },
};
