/**
 * An ink part (W3C InkML, `application/inkml+xml`: strokes drawn with a pen in Word, Excel or
 * PowerPoint). The strokes, brushes and channel definitions are content and stay; a timestamp
 * (InkML 3.4 `timestamp`: when the strokes were drawn, as `timeString` or as `time` in
 * milliseconds) keeps its element, which traces may refer to, with a fixed time; the pen's
 * maker, model, serial number and what describes it (InkML 3.2.1 `inkSource`) go; annotations (InkML 3.5
 * `annotation`, `annotationXML`: free text and XML about the ink) go whole.
 */
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';
import { decodeEntities, type XmlEdits } from '../../shared/xml';
import type { XmlPass } from '../../shared/zip';

export const INK_TYPE = /^application\/inkml\+xml$/i;
/** A time that says nothing about when the ink was drawn, in each of InkML's two forms. */
const FIXED_TIME: Readonly<Record<string, string>> = {
  timeString: '1980-01-01T00:00:00',
  time: '0',
};
const ANNOTATIONS = new Set(['inkml:annotation', 'inkml:annotationXML']);
/**
 * The device an `inkSource` names (InkML 3.2.1): its maker, model and serial number;
 * `description` is free text about it and `specificationRef` a link to a document about it, which
 * may be a file on the author's disk.
 */
const DEVICE: Readonly<Record<string, FieldId>> = {
  manufacturer: 'device.make',
  model: 'device.model',
  serialNo: 'identifier.serial',
  description: 'device.name',
  specificationRef: 'device.name',
};

export function inkRules(name: string, edits: XmlEdits): XmlPass {
  const findings: Finding[] = [];
  let inside = 0;
  return {
    open(el) {
      if (ANNOTATIONS.has(el.name)) inside++;
      if (el.name === 'inkml:inkSource')
        for (const a of el.attributes) {
          const field = DEVICE[a.name];
          if (!field) continue;
          edits.remove(a.start, a.end);
          findings.push(
            finding(
              field,
              `inkml:inkSource ${a.name}`,
              name,
              decodeEntities(a.raw),
            ),
          );
        }
      if (el.name !== 'inkml:timestamp') return;
      for (const a of el.attributes) {
        const fixed = FIXED_TIME[a.name];
        if (fixed === undefined || a.raw === fixed) continue;
        edits.replace(a.valueStart, a.valueEnd, fixed);
        findings.push(
          finding(
            'time.date',
            `inkml:timestamp ${a.name}`,
            name,
            decodeEntities(a.raw),
          ),
        );
      }
    },
    close(el) {
      if (!ANNOTATIONS.has(el.name)) return;
      inside--;
      if (inside > 0) return;
      edits.remove(el.start, el.end);
      findings.push(
        finding(
          'content.detail',
          el.name,
          name,
          decodeEntities(el.text).trim() || undefined,
        ),
      );
    },
    done: () => findings,
  };
}
