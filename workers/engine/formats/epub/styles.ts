/**
 * The style sheets a content document holds (`<style>` elements and `style` attributes) are
 * cleaned as its `.css` files are (`css.ts`): comments go, local paths keep their file name.
 */
import type { Finding } from '../../findings';
import {
  decodeEntities,
  escapeXml,
  localName,
  type XmlEdits,
} from '../../shared/xml';
import type { XmlPass } from '../../shared/zip';
import { cleanStyleSheet } from './css';

export function inlineStyles(
  name: string,
  xml: string,
  edits: XmlEdits,
): XmlPass {
  const findings: Finding[] = [];
  return {
    open(el) {
      const style = el.attributes.find((a) => a.name === 'style');
      if (!style) return;
      const text = decodeEntities(style.raw);
      const sheet = cleanStyleSheet(text, name);
      if (!sheet.edits.size) return;
      edits.replace(
        style.valueStart,
        style.valueEnd,
        escapeXml(sheet.edits.apply(text)).replace(/'/g, '&apos;'),
      );
      findings.push(...sheet.findings);
    },
    close(el) {
      if (localName(el.name) !== 'style') return;
      const sheet = xml.slice(el.openEnd, el.closeStart);
      findings.push(
        ...cleanStyleSheet(sheet, name, edits, el.openEnd).findings,
      );
    },
    done: () => findings,
  };
}
