import { describe, expect, it } from 'vitest';
import { readXmpFindings } from '../../../workers/engine/metadata/xmp';

const PACKET = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmp:CreatorTool="MCCANARY Tool &amp; Co" xmp:CreateDate="2011-11-11T11:11:11Z"
  xmpMM:DocumentID="xmp.did:MCCANARY-1" exif:GPSLatitude="33,51.40704S" exif:GPSLongitude="151,12.91782E">
 <dc:creator><rdf:Seq><rdf:li>MCCANARY Alice</rdf:li><rdf:li>MCCANARY Bob</rdf:li></rdf:Seq></dc:creator>
 <photoshop:City>MCCANARY City</photoshop:City>
 <xmpMM:History><rdf:Seq>
  <rdf:li stEvt:action="created" stEvt:when="2011-11-11T11:11:11Z" stEvt:softwareAgent="MCCANARY Editor"/>
  <rdf:li rdf:parseType="Resource"><stEvt:action>saved</stEvt:action><stEvt:when>2012-01-01T00:00:00Z</stEvt:when></rdf:li>
 </rdf:Seq></xmpMM:History>
</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

const found = readXmpFindings(new TextEncoder().encode(PACKET), 'XMP');
const value = (label: string) =>
  found.filter((f) => f.label === label).map((f) => f.value);

describe('readXmpFindings', () => {
  it('reads attribute and element properties with entities decoded', () => {
    expect(value('xmp:CreatorTool')).toEqual(['MCCANARY Tool & Co']);
    expect(value('photoshop:City')).toEqual(['MCCANARY City']);
    expect(found.find((f) => f.label === 'xmp:CreateDate')?.category).toBe(
      'time',
    );
  });

  it('joins list items of dc:creator', () => {
    expect(value('dc:creator')).toEqual(['MCCANARY Alice; MCCANARY Bob']);
  });

  it('turns XMP GPS coordinates into one position in signed decimal degrees', () => {
    const position = found.filter((f) => f.field === 'gps.position');
    expect(position.map((f) => f.value)).toEqual(['-33.856784, 151.215297']);
    expect(value('exif:GPSLatitude')).toEqual([]);
  });

  it('reports each history event, in attribute and element form', () => {
    expect(value('xmpMM:History')).toEqual([
      // The `event` value form: the date first, then what was done and with which app.
      '2011-11-11T11:11:11Z, created, MCCANARY Editor',
      '2012-01-01T00:00:00Z, saved',
    ]);
  });

  it('reports document ids as identifiers', () => {
    expect(found.find((f) => f.label === 'xmpMM:DocumentID')?.category).toBe(
      'identifier',
    );
  });

  it('gives a date an old writer copied from EXIF ("2003:09:10 16:07:32") as ISO 8601', () => {
    const packet = new TextEncoder().encode(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description><xmp:ModifyDate>2003:09:10 16:07:32</xmp:ModifyDate><dc:rights><rdf:Alt><rdf:li xml:lang="x-default"></rdf:li></rdf:Alt></dc:rights></rdf:Description></rdf:RDF></x:xmpmeta>',
    );
    const read = readXmpFindings(packet, 'XMP');
    expect(read.find((f) => f.label === 'xmp:ModifyDate')?.value).toBe(
      '2003-09-10T16:07:32',
    );
    // An empty property is said to be empty, not left as bytes unread.
    expect(read.find((f) => f.label === 'dc:rights')?.value).toBe('');
  });

  it('leaves out an event\'s "changed: /" (the whole file), which names no part', () => {
    const packet = new TextEncoder().encode(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description><xmpMM:History><rdf:Seq><rdf:li stEvt:action="saved" stEvt:when="2012-08-03T11:54:39+02:00" stEvt:softwareAgent="Adobe Photoshop CS6 (Macintosh)" stEvt:changed="/"/><rdf:li stEvt:action="saved" stEvt:changed="/metadata"/></rdf:Seq></xmpMM:History></rdf:Description></rdf:RDF></x:xmpmeta>',
    );
    expect(
      readXmpFindings(packet, 'XMP')
        .filter((f) => f.label === 'xmpMM:History')
        .map((f) => f.value),
    ).toEqual([
      '2012-08-03T11:54:39+02:00, saved, Adobe Photoshop CS6 (Macintosh)',
      // No app: its place stays, empty, so the part changed is not taken for one.
      'saved, , /metadata',
    ]);
  });

  it('survives junk and a truncated packet', () => {
    const junk = new Uint8Array(100_000).map((_, i) => (i * 131) & 0xff);
    expect(readXmpFindings(junk, 'XMP')).toEqual([
      { category: 'other', field: 'other.data', label: 'XMP', location: 'XMP' },
    ]);
    const truncated = new TextEncoder().encode(
      PACKET.slice(0, PACKET.indexOf('<photoshop:City>') + 20),
    );
    expect(readXmpFindings(truncated, 'XMP').map((f) => f.label)).toContain(
      'dc:creator',
    );
  });

  it('scans a hostile unterminated packet in linear time', () => {
    const hostile = new TextEncoder().encode(`<x ${'a:b="'.repeat(200_000)}`);
    const started = performance.now();
    readXmpFindings(hostile, 'XMP');
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
