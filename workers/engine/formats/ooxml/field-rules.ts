/**
 * Word fields whose shown result comes from the author's machine (ECMA-376 Part 1, 17.16): a
 * FILENAME field with `\p` shows the path the document was saved at, and AUTHOR, LASTSAVEDBY and
 * the USER* fields show names and addresses from the application's user data. The result of a
 * path keeps only its file name (Word shows the reader's own path once fields update); a name is
 * part of the text, kept, and reported for review. Both simple (`w:fldSimple`) and complex fields
 * (`w:fldChar` begin, `w:instrText`, separate, result, end) are followed, nested ones too.
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

interface OpenField {
  instr: string;
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
      if (el.name === 'w:fldSimple')
        simple.push(decodeEntities(attribute(el, 'w:instr')?.raw ?? ''));
      else if (el.name === 'w:fldChar') {
        const type = attribute(el, 'w:fldCharType')?.raw;
        if (type === 'begin' && complex.length < MAX_FIELD_DEPTH)
          complex.push({ instr: '', inResult: false });
        else if (type === 'separate' && complex.length)
          complex.at(-1)!.inResult = true;
        else if (type === 'end') {
          const done = complex.pop();
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
        if (field.instr.length < MAX_INSTRUCTION_CHARS)
          field.instr += decodeEntities(el.text);
      } else if (el.name === 'w:t') result(el);
    },
    done() {
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
