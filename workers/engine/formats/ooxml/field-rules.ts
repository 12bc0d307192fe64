/**
 * Word fields whose shown result comes from the author's machine (ECMA-376 Part 1, 17.16): a
 * FILENAME field with `\p` shows the path the document was saved at, and AUTHOR, LASTSAVEDBY and
 * the USER* fields show names and addresses from the application's user data. The result of a
 * path keeps only its file name (Word shows the reader's own path once fields update); a name is
 * part of the text, kept, and reported for review. An instruction that names a place on the
 * author's disk (INCLUDEPICTURE, INCLUDETEXT, LINK, HYPERLINK to `file:` or `C:\Users\...`) keeps
 * only the file name: nowhere else does the path open, and its folders name the author. Both simple
 * (`w:fldSimple`) and complex fields (`w:fldChar` begin, `w:instrText`, separate, result, end) are
 * followed, nested ones too.
 */
import { finding, type Finding } from '../../findings';
import {
  attribute,
  decodeEntities,
  holdsLocalPath,
  withoutFolders,
  type XmlEdits,
  type XmlElement,
} from '../../shared/xml';
import type { XmlPass } from '../../shared/zip';

const WORD_STORY =
  /^word\/(document|header\d*|footer\d*|footnotes|endnotes|glossary\/document)\.xml$/i;
const PATH_FIELD = /^\s*FILENAME\b.*\\p/i;
const NAME_FIELD =
  /^\s*(AUTHOR|LASTSAVEDBY|USERNAME|USERINITIALS|USERADDRESS)\b/i;
/** A field code is a short command; more of one than this is not gathered. */
const MAX_INSTRUCTION_CHARS = 1024;
/** Open complex fields deeper than this are not followed (a hostile part could nest them). */
const MAX_FIELD_DEPTH = 64;

export const isWordStory = (name: string): boolean => WORD_STORY.test(name);

/** Where one piece of a complex field's instruction (a `w:instrText`'s text) lies in the part. */
interface InstructionPiece {
  readonly start: number;
  readonly end: number;
}

interface OpenField {
  instr: string;
  /** The instruction's pieces: Word splits one instruction over several runs. */
  readonly pieces: InstructionPiece[];
  /** Past the separate mark: text runs are the field's result. */
  inResult: boolean;
  /** Its instruction holds a path field (an IF choosing between paths): so may its result. */
  showsPath?: boolean;
}

/** The field rules, as a visitor in the part's single walk. */
export function fieldRules(
  name: string,
  xml: string,
  edits: XmlEdits,
): XmlPass {
  const findings: Finding[] = [];
  const names = new Set<string>();
  const complex: OpenField[] = [];
  const simple: string[] = [];
  const showsPath = (f: OpenField) => f.showsPath || PATH_FIELD.test(f.instr);
  const shown = () => complex.filter((f) => f.inResult);
  return {
    open(el) {
      if (el.name === 'w:fldSimple') {
        const instr = attribute(el, 'w:instr');
        simple.push(decodeEntities(instr?.raw ?? ''));
        if (instr && holdsLocalPath(instr.raw)) {
          edits.replace(
            instr.valueStart,
            instr.valueEnd,
            withoutFolders(instr.raw),
          );
          findings.push(
            finding(
              'identifier.file-name',
              'field instruction',
              name,
              decodeEntities(instr.raw),
            ),
          );
        }
      } else if (el.name === 'w:fldChar') {
        const type = attribute(el, 'w:fldCharType')?.raw;
        if (type === 'begin' && complex.length < MAX_FIELD_DEPTH)
          complex.push({ instr: '', inResult: false, pieces: [] });
        else if (type === 'separate' && complex.length)
          complex.at(-1)!.inResult = true;
        else if (type === 'end') {
          const done = complex.pop();
          if (done) instructionPaths(done.pieces);
          const outer = complex.at(-1);
          if (done && outer && !outer.inResult && showsPath(done))
            outer.showsPath = true;
        }
      }
    },
    close(el) {
      if (el.name === 'w:fldSimple') simple.pop();
      else if (el.name === 'w:instrText' && complex.length) {
        const field = complex.at(-1)!;
        field.pieces.push({ start: el.openEnd, end: el.closeStart });
        if (field.instr.length < MAX_INSTRUCTION_CHARS)
          field.instr += decodeEntities(el.text);
      } else if (el.name === 'w:t') result(el);
    },
    done() {
      // A field left open at the part's end still has its instruction checked.
      for (const field of complex.splice(0)) instructionPaths(field.pieces);
      if (names.size)
        findings.push(
          finding(
            'author.person',
            'fields showing a name',
            name,
            [...names].join(', '),
            'review',
          ),
        );
      return findings;
    },
  };

  /**
   * The whole instruction is looked at, not each piece, since a path may be split between runs:
   * when it names a local path, the first piece holds the instruction with only file names and
   * the other pieces are emptied.
   */
  function instructionPaths(pieces: readonly InstructionPiece[]): void {
    if (!pieces.length) return;
    const raw = pieces.map((p) => xml.slice(p.start, p.end)).join('');
    if (!holdsLocalPath(raw)) return;
    edits.replace(pieces[0]!.start, pieces[0]!.end, withoutFolders(raw));
    for (const p of pieces.slice(1)) edits.remove(p.start, p.end);
    findings.push(
      finding(
        'identifier.file-name',
        'field instruction',
        name,
        decodeEntities(raw),
      ),
    );
  }

  function result(el: XmlElement): void {
    const open = shown();
    if (!open.length && !simple.length) return;
    const raw = xml.slice(el.openEnd, el.closeStart);
    const text = decodeEntities(raw);
    const path = simple.some((i) => PATH_FIELD.test(i)) || open.some(showsPath);
    if (path && holdsLocalPath(text)) {
      edits.replace(el.openEnd, el.closeStart, withoutFolders(raw));
      findings.push(finding('identifier.file-name', 'FILENAME', name, text));
    } else if (
      [...simple, ...open.map((f) => f.instr)].some((i) =>
        NAME_FIELD.test(i),
      ) &&
      text.trim()
    )
      names.add(text.trim());
  }
}
