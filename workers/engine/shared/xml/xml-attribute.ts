/** One attribute of a start tag, with the range that removing it must cut (leading space included). */
export interface XmlAttribute {
  /** Canonical as an element's (an attribute without a prefix has no namespace: its name as written). */
  readonly name: string;
  /** The raw value between the quotes (entities not decoded). */
  readonly raw: string;
  readonly start: number;
  readonly end: number;
  readonly valueStart: number;
  readonly valueEnd: number;
}
