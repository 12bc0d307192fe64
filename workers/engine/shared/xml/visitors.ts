import type { XmlElement, XmlVisitor } from './tokenize';

/**
 * Several visitors walked as one: at each element every visitor is called in its order, so each
 * sees the part as if it had walked it alone, and a part is read once however many rules it has.
 */
export function allOf(visitors: readonly XmlVisitor[]): XmlVisitor {
  const opens = visitors.filter((v) => v.open);
  const closes = visitors.filter((v) => v.close);
  return {
    open(el: XmlElement) {
      for (const v of opens) v.open!(el);
    },
    close(el: XmlElement) {
      for (const v of closes) v.close!(el);
    },
  };
}

/** True when the visitor looks at elements at all (a rule with nothing to walk has no part in it). */
export const walks = (visitor: XmlVisitor): boolean =>
  visitor.open !== undefined || visitor.close !== undefined;
