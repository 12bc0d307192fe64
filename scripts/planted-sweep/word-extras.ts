/**
 * What Word writes and LibreOffice does not, added to LibreOffice's DOCX: Company, Manager and
 * HyperlinkBase in app.xml, an attached template by a local path (settings.xml and its
 * relationship), document variables, a revision session id, and a custom XML data item.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { CanarySet } from './canaries';

const REL =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export function addWordExtras(path: string, set: CanarySet): void {
  const members = unzipSync(readFileSync(path));
  const text = (name: string) => strFromU8(members[name]!);
  const put = (name: string, value: string) => {
    members[name] = strToU8(value);
  };
  put(
    'docProps/app.xml',
    text('docProps/app.xml').replace(
      '</Properties>',
      `<Company>${set.text('app Company')}</Company><Manager>${set.text('app Manager')}</Manager><HyperlinkBase>file:///home/${set.text('app HyperlinkBase')}/</HyperlinkBase></Properties>`,
    ),
  );
  put(
    'word/settings.xml',
    text('word/settings.xml')
      .replace('<w:settings ', `<w:settings xmlns:r="${REL}" `)
      .replace(
        '<w:defaultTabStop',
        `<w:attachedTemplate r:id="rIdTpl"/><w:defaultTabStop`,
      )
      .replace(
        '</w:settings>',
        `<w:rsids><w:rsidRoot w:val="00A1B2C3"/><w:rsid w:val="00A1B2C3"/></w:rsids><w:docVars><w:docVar w:name="${set.text('docVar name')}" w:val="${set.text('docVar value')}"/></w:docVars></w:settings>`,
      ),
  );
  put(
    'word/_rels/settings.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdTpl" Type="${REL}/attachedTemplate" Target="file:///C:/Users/${set.text('attached template path')}/Normal.dotm" TargetMode="External"/></Relationships>`,
  );
  put(
    'customXml/item1.xml',
    `<?xml version="1.0"?><data><owner>${set.text('custom XML item')}</owner></data>`,
  );
  put(
    'word/_rels/document.xml.rels',
    text('word/_rels/document.xml.rels').replace(
      '</Relationships>',
      `<Relationship Id="rIdCx" Type="${REL}/customXml" Target="../customXml/item1.xml"/></Relationships>`,
    ),
  );
  writeFileSync(path, zipSync(members));
}
