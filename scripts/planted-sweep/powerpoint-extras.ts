/**
 * What PowerPoint writes and LibreOffice does not, added by hand to LibreOffice's PPTX (there is
 * no python-pptx here): Company and Manager in app.xml, custom properties, a custom XML item,
 * modern comments (their author list with a user id, a comment with its text and date) and
 * PowerPoint tags on a slide.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { CanarySet } from './canaries';

const REL =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL_2018 = 'http://schemas.microsoft.com/office/2018/10/relationships';
const P188 = 'http://schemas.microsoft.com/office/powerpoint/2018/8/main';
const DRAWING = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const PML = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const AUTHOR_ID = '{6E1E5B3A-0C42-4E5B-9D61-1B2C3D4E5F60}';
const SLIDE = 'ppt/slides/slide1.xml';
const SLIDE_RELS = 'ppt/slides/_rels/slide1.xml.rels';

type Members = Record<string, Uint8Array>;

function addPart(
  members: Members,
  part: string,
  xml: string,
  contentType: string,
  owner: { rels: string; type: string; target: string; id: string },
): void {
  members[part] = strToU8(xml);
  const types = strFromU8(members['[Content_Types].xml']!);
  members['[Content_Types].xml'] = strToU8(
    types.replace(
      '</Types>',
      `<Override PartName="/${part}" ContentType="${contentType}"/></Types>`,
    ),
  );
  const rels = members[owner.rels]
    ? strFromU8(members[owner.rels]!)
    : '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';
  members[owner.rels] = strToU8(
    rels.replace(
      '</Relationships>',
      `<Relationship Id="${owner.id}" Type="${owner.type}" Target="${owner.target}"/></Relationships>`,
    ),
  );
}

export function addPowerPointExtras(path: string, set: CanarySet): void {
  const members: Members = unzipSync(readFileSync(path));
  const text = (name: string) => strFromU8(members[name]!);
  members['docProps/app.xml'] = strToU8(
    text('docProps/app.xml').replace(
      '</Properties>',
      `<Company>${set.text('app Company')}</Company><Manager>${set.text('app Manager')}</Manager></Properties>`,
    ),
  );
  addPart(
    members,
    'docProps/custom.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="${set.text('custom.xml property name')}"><vt:lpwstr>${set.text('custom.xml property value')}</vt:lpwstr></property></Properties>`,
    'application/vnd.openxmlformats-officedocument.custom-properties+xml',
    {
      rels: '_rels/.rels',
      type: `${REL}/custom-properties`,
      target: 'docProps/custom.xml',
      id: 'rIdPlantedCustom',
    },
  );
  addPart(
    members,
    'customXml/item1.xml',
    `<?xml version="1.0"?><data><owner>${set.text('custom XML item')}</owner></data>`,
    'application/xml',
    {
      rels: 'ppt/_rels/presentation.xml.rels',
      type: `${REL}/customXml`,
      target: '../customXml/item1.xml',
      id: 'rIdPlantedCx',
    },
  );
  addPart(
    members,
    'ppt/authors.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p188:authorLst xmlns:p188="${P188}"><p188:author id="${AUTHOR_ID}" name="${set.text('modern comment author name')}" initials="${set.text('modern comment author initials')}" userId="${set.text('modern comment author userId')}@example.com" providerId="AD"/></p188:authorLst>`,
    'application/vnd.ms-powerpoint.authors+xml',
    {
      rels: 'ppt/_rels/presentation.xml.rels',
      type: `${REL_2018}/authors`,
      target: 'authors.xml',
      id: 'rIdPlantedAuthors',
    },
  );
  addPart(
    members,
    'ppt/comments/modernComment_100_1.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p188:cmLst xmlns:a="${DRAWING}" xmlns:r="${REL}" xmlns:p188="${P188}"><p188:cm id="{0A1B2C3D-4E5F-4061-8293-A4B5C6D7E8F9}" authorId="${AUTHOR_ID}" created="1971-02-03T04:05:06.000"><p188:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:t>${set.text('modern comment text')}</a:t></a:r></a:p></p188:txBody></p188:cm></p188:cmLst>`,
    'application/vnd.ms-powerpoint.comments+xml',
    {
      rels: SLIDE_RELS,
      type: `${REL_2018}/comments`,
      target: '../comments/modernComment_100_1.xml',
      id: 'rIdPlantedCm',
    },
  );
  addPart(
    members,
    'ppt/tags/tag1.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:tagLst xmlns:a="${DRAWING}" xmlns:r="${REL}" xmlns:p="${PML}"><p:tag name="${set.text('tag name')}" val="${set.text('tag value')}"/></p:tagLst>`,
    'application/vnd.openxmlformats-officedocument.presentationml.tags+xml',
    {
      rels: SLIDE_RELS,
      type: `${REL}/tags`,
      target: '../tags/tag1.xml',
      id: 'rIdPlantedTag',
    },
  );
  members[SLIDE] = strToU8(
    text(SLIDE).replace(
      '</p:spTree>',
      '</p:spTree><p:custDataLst><p:tags r:id="rIdPlantedTag"/></p:custDataLst>',
    ),
  );
  set.fixed('modern comment date', '1971-02-03');
  writeFileSync(path, zipSync(members));
}
