/**
 * Processing instructions (XML 1.0 section 2.6) outside the metadata: the XML declaration stays;
 * an `xml-stylesheet` link (Associating Style Sheets with XML documents 1.0) stays unless it points
 * into the author's folders, which no one else can load; any other instruction is data for an
 * application no SVG viewer is, so it goes and is reported. XMP's `xpacket` wrappers go with
 * the packet they wrap, reported through it.
 */
import { finding, type Finding } from '../../findings';
import { holdsLocalPath } from '../../shared/xml';
import type { Range } from './tokenizer';
import { xmlText } from './values';

const XML_DECLARATION = 'xml';
const STYLESHEET = 'xml-stylesheet';
const XPACKET = 'xpacket';
const PI_OPEN = '<?'.length;
const PI_CLOSE = '?>'.length;
const latin1 = new TextDecoder('latin1');

export interface InstructionVerdict {
  readonly drop: boolean;
  readonly finding?: Finding;
}

const KEEP: InstructionVerdict = { drop: false };

export function instructionVerdict(
  bytes: Uint8Array,
  token: Range & { readonly target: string },
  location: string,
): InstructionVerdict {
  if (token.target === XML_DECLARATION) return KEEP;
  if (token.target === XPACKET) return { drop: true };
  const body = bytes.subarray(
    token.start + PI_OPEN + token.target.length,
    token.end - PI_CLOSE,
  );
  const text = xmlText(body).trim();
  if (token.target === STYLESHEET) {
    if (!holdsLocalPath(latin1.decode(body)) && !holdsLocalPath(text))
      return KEEP;
    return {
      drop: true,
      finding: finding('identifier.file-name', STYLESHEET, location, text),
    };
  }
  return {
    drop: true,
    finding: finding('other.data', `<?${token.target}?>`, location, text),
  };
}
