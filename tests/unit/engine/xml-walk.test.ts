/**
 * The one XML walk: every construct a part may hold (declaration, DOCTYPE, comments, CDATA,
 * processing instructions, quoted `>` in attribute values, empty-element tags) is skipped or
 * walked where it stands, and names are given by namespace URI whatever prefix the part writes.
 */
import { describe, expect, it } from 'vitest';
import {
  walkXml,
  type NamespaceTable,
  type XmlElement,
} from '../../../workers/engine/shared/xml';

const A = 'urn:example:a';
const B = 'urn:example:b';
const TABLE: NamespaceTable = new Map([
  [A, 'a'],
  [B, ''],
]);

/** Each element's open and close, with what the walk said of it. */
function events(xml: string, names?: NamespaceTable): string[] {
  const seen: string[] = [];
  const attrs = (el: XmlElement) =>
    el.attributes
      .map((a) => `${a.name}=${a.raw}@${a.start}-${a.end}/${a.valueStart}`)
      .join(',');
  walkXml(
    xml,
    {
      open: (el) =>
        seen.push(`open ${el.name} (${el.raw}) [${attrs(el)}] ${el.start}`),
      close: (el) =>
        seen.push(
          `close ${el.name} ${el.openEnd}-${el.closeStart}-${el.end} "${el.text}" ${el.children}`,
        ),
    },
    names,
  );
  return seen;
}

describe('walkXml', () => {
  it('skips what is not an element and walks what is, in order', () => {
    const xml =
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY e "x>y">]><r k="1>2">' +
      "<!-- <c/> --><?pi <d/> ?>t1<![CDATA[<e/>]]>t2<f g='3'/><h></h ></r>";
    expect(events(xml)).toEqual([
      'open r (r) [k=1>2@55-63/59] 53',
      'open f (f) [g=3@111-117/115] 109',
      'close f 119-119-119 "" 0',
      'open h (h) [] 119',
      'close h 122-122-127 "" 0',
      'close r 64-127-131 "t1<e/>t2" 2',
    ]);
  });

  it('names elements and attributes by namespace URI, whatever prefix the part writes', () => {
    const xml =
      `<x:r xmlns:x="${A}" xmlns="${B}" x:k="1" a:z="2" plain="3">` +
      `<a:s xmlns:a="${A}" a:k="4"/><t x:k="5"/></x:r>`;
    expect(events(xml, TABLE)).toEqual([
      `open a:r (x:r) [xmlns:x=${A}@4-28/14,xmlns=${B}@28-50/36,a:k=1@50-58/56,~a:z=2@58-66/64,plain=3@66-76/74] 0`,
      `open a:s (a:s) [xmlns:a=${A}@81-105/91,a:k=4@105-113/111] 77`,
      'close a:s 115-115-115 "" 0',
      'open t (t) [a:k=5@117-125/123] 115',
      'close t 127-127-127 "" 0',
      'close a:r 77-127-133 "" 2',
    ]);
  });

  it('refuses a tag that never ends and an end tag that does not match', () => {
    expect(() => walkXml('<r a="1>', {})).toThrow(/unterminated/);
    expect(() => walkXml('<r><s></r>', {})).toThrow(/does not match/);
    expect(() => walkXml('<r><!-- x', {})).toThrow(/unterminated/);
  });
});
