/**
 * Processing instructions outside the metadata: those that stay in any XML part stay
 * (shared/xml/instructions.ts: the declaration, a style sheet on the web); any other goes and is
 * reported, a style sheet link as the path it holds. XMP's `xpacket` wrappers go with the packet
 * they wrap, reported through it.
 */
import { startsWith } from '../../bytes';
import { finding, type Finding } from '../../findings';
import { instructionStays, xmlText } from '../../shared/xml';
import type { Range } from './tokenizer';

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

export function instructionVerdict(
  bytes: Uint8Array,
  token: Range & { readonly target: string },
  location: string,
): InstructionVerdict {
  if (token.target === XPACKET) return { drop: true };
  const first =
    token.start === 0 ||
    (token.start === UTF8_BOM.length && startsWith(bytes, UTF8_BOM));
  if (
    instructionStays(
      latin1.decode(bytes.subarray(token.start, token.end)),
      first,
    )
  )
    return KEEP;
  const text = xmlText(
    bytes.subarray(
      token.start + PI_OPEN + token.target.length,
      token.end - PI_CLOSE,
    ),
  ).trim();
  return {
    drop: true,
    finding:
      token.target === STYLESHEET
        ? finding('identifier.file-name', STYLESHEET, location, text)
        : finding('other.data', `<?${token.target}?>`, location, text),
  };
}
