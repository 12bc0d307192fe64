import {
  decodeEntities,
  localName,
  walkXml,
  type XmlElement,
} from '../shared/xml';
import type { FileScope } from './hit-sink';
import type { FindPlace, HitWhere } from './places';

/** A place and its particulars, as a part's rules name them. */
export interface Placed {
  readonly place: FindPlace;
  readonly where?: HitWhere;
}

/** How one XML part's text and attributes are placed. */
export interface XmlPlaces {
  /** The place of the text directly inside `element`, or each of its places when it shows in several. */
  text(element: XmlElement): Placed | readonly Placed[];
  /** The place of an attribute's value. */
  attribute(element: XmlElement, name: string): Placed;
}

/** The nearest element, `element` itself or an ancestor, with one of these local names. */
export function ancestor(
  element: XmlElement,
  ...names: string[]
): XmlElement | undefined {
  for (let e: XmlElement | null = element; e; e = e.parent)
    if (names.includes(localName(e.name))) return e;
  return undefined;
}

/** An attribute's value by local name, entities resolved. */
export function attributeValue(
  element: XmlElement | undefined,
  name: string,
): string | undefined {
  const a = element?.attributes.find((x) => localName(x.name) === name);
  return a && decodeEntities(a.raw);
}

/**
 * Searches an XML part: element text and attribute values with entities resolved, each placed by
 * the part's rules. Text of one place is joined before it is searched, so a name split across
 * runs (`<w:t>Mari</w:t><w:t>ana</w:t>`) is found.
 */
export function searchXml(
  xml: string,
  places: XmlPlaces,
  scope: FileScope,
  part: string | undefined,
): void {
  const gathered = new Map<string, { placed: Placed; text: string[] }>();
  const gather = (placed: Placed, text: string) => {
    if (text.length === 0) return;
    const key = `${placed.place}\u0001${JSON.stringify(placed.where ?? {})}`;
    const entry = gathered.get(key) ?? { placed, text: [] };
    entry.text.push(text);
    gathered.set(key, entry);
  };
  walkXml(xml, {
    open(element) {
      for (const a of element.attributes)
        gather(places.attribute(element, a.name), decodeEntities(a.raw));
    },
    close(element) {
      const placed = places.text(element);
      const text = decodeEntities(element.text);
      for (const one of 'place' in placed ? [placed] : placed)
        gather(one, text);
    },
  });
  for (const { placed, text } of gathered.values())
    scope.text(text.join(''), placed.place, {
      ...(part === undefined ? {} : { part }),
      ...placed.where,
    });
}

/** Rules for an XML part where all text is one place and every attribute another. */
export const uniformPlaces = (
  text: FindPlace,
  attribute: FindPlace = text,
): XmlPlaces => ({
  text: () => ({ place: text }),
  attribute: () => ({ place: attribute }),
});
