/**
 * Processing instructions (XML 1.0 section 2.6) outside the metadata: the XML declaration stays;
 * an `xml-stylesheet` link (Associating Style Sheets with XML documents 1.0) stays unless it points
 * into the author's folders, which no one else can load; any other instruction is data for an
 * application no SVG viewer is, so it goes and is reported. XMP's `xpacket` wrappers go with
 * the packet they wrap, reported through it.
 */
import { startsWith } from '../../bytes';
import { finding, type Finding } from '../../findings';
import { holdsLocalPath } from '../../shared/xml';
import type { Range } from './tokenizer';
import { xmlText } from './values';

const XML_DECLARATION = 'xml';
const UTF8_BOM = [0xef, 0xbb, 0xbf];
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

/**
 * XML 1.0 section 2.8 (XMLDecl): the declaration is the file's first bytes, a byte order mark
 * aside, and holds a version, then maybe an encoding and a standalone flag. An instruction named
 * `xml` anywhere else, or holding anything more, is none: no parser reads the file, and the text
 * that rides along with the name goes.
 */
const DECLARATION =
  /^<\?xml\s+version\s*=\s*(["'])1\.\d+\1(?:\s+encoding\s*=\s*(["'])[A-Za-z][\w.-]*\2)?(?:\s+standalone\s*=\s*(["'])(?:yes|no)\3)?\s*\?>$/;

function isDeclaration(bytes: Uint8Array, token: Range): boolean {
  const atStart =
    token.start === 0 ||
    (token.start === UTF8_BOM.length && startsWith(bytes, UTF8_BOM));
  return (
    atStart &&
    DECLARATION.test(latin1.decode(bytes.subarray(token.start, token.end)))
  );
}

export function instructionVerdict(
  bytes: Uint8Array,
  token: Range & { readonly target: string },
  location: string,
): InstructionVerdict {
  if (token.target === XML_DECLARATION && isDeclaration(bytes, token))
    return KEEP;
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
