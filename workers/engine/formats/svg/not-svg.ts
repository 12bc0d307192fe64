/**
 * Why an XML file the SVG sniffer took is refused, in words that say what it is. Every XML
 * file reaches the SVG module (its first bytes are all the sniffer sees), so the refusal names
 * the file by its root element rather than calling it a broken picture.
 */
import { localName, prefixOf, type Scope } from './namespaces';

/** OpenDocument's office namespace (OpenDocument 1.3 part 3, 3.1.2). */
const ODF_OFFICE = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';

/**
 * A flat OpenDocument file (part 3, 2.1.2: the whole document in one `<office:document>`)
 * holds its metadata, settings and content in one XML file, its pictures and objects as
 * base64 text inside it: nothing the engine's package driver or SVG rules clean, so it is
 * refused with what to do instead.
 */
export function notSvgDetail(root: string, scope: Scope): string {
  const uri = scope.get(prefixOf(root) ?? '');
  if (uri === ODF_OFFICE && localName(root) === 'document')
    return 'a flat OpenDocument file (.fodt, .fods, .fodp or .fodg: one XML file, its pictures held inside as text), which is not cleaned; save it in LibreOffice as .odt, .ods, .odp or .odg and clean that';
  return `an XML file whose root element is <${root.slice(0, 80)}>, not an SVG picture`;
}
