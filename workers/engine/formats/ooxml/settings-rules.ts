/**
 * Settings parts (Word's settings and web settings, Excel's workbook, data connections and pivot
 * caches, PowerPoint's presentation and view properties) hold no text of the document, but can
 * hold a person's name or a place on their disk: Word's document variables and mail-merge data
 * source, Excel's file-sharing user and the user who last refreshed a pivot table, and paths that
 * point at a template, a transform, a schema, a data source or a publishing target.
 * Every element of these parts whose value is a local path keeps only the file name, and a data
 * connection's string loses the account, password and computer it names.
 */
import { finding, type Finding } from '../../findings';
import {
  attribute,
  decodeEntities,
  escapeXml,
  holdsLocalPath,
  withoutFolders,
  type XmlAttribute,
  type XmlEdits,
  type XmlElement,
} from '../../shared/xml';
import type { XmlPass } from '../../shared/zip';
import { withoutPersonalPairs } from './connection-strings';

const SETTINGS_PART =
  /^(word\/(glossary\/)?(settings|webSettings)\.xml|xl\/(workbook|connections)\.xml|xl\/pivotCache\/pivotCacheDefinition\d*\.xml|ppt\/(presProps|viewProps)\.xml)$/i;

/** True for the parts whose external relationships may point at the author's disk. */
export const isSettingsPart = (name: string): boolean =>
  SETTINGS_PART.test(name);

/**
 * Elements that go whole. Document variables (ECMA-376 Part 1, 17.15.1.31) are hidden name/value
 * pairs that macros and add-ins fill with names, paths and ids. The mail-merge settings (17.14.20)
 * describe the author's data connection: paths, connection strings, the query, the recipients
 * chosen; none of it opens elsewhere, and the merge fields keep their shown results.
 */
const DROPPED = new Map([
  ['w:docVars', 'document variables'],
  ['w:mailMerge', 'mail merge data source'],
]);
/** Removed by the rules of every part (Excel's absPath): not reported twice. */
const HANDLED = new Set(['x15ac:absPath']);
/** Values shown for a dropped mail merge: where its data came from. */
const MAIL_MERGE_VALUES = new Set([
  'w:connectString',
  'w:query',
  'w:udl',
  'w:table',
]);

/**
 * Optional attributes that name a person or when they worked: the user who turned on file
 * sharing's protection (ECMA-376 Part 1, 18.2.12) and who last refreshed a pivot table, and when
 * (18.10.1.67).
 */
const PERSON_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  fileSharing: new Set(['userName']),
  pivotCacheDefinition: new Set([
    'refreshedBy',
    'refreshedDate',
    'refreshedDateIso',
  ]),
};

function personAttributes(el: XmlElement): XmlAttribute[] {
  const names = PERSON_ATTRIBUTES[el.name];
  return names ? el.attributes.filter((a) => names.has(a.name)) : [];
}

const inside = (el: XmlElement, names: ReadonlyMap<string, unknown>) => {
  for (let p: XmlElement | null = el; p; p = p.parent)
    if (names.has(p.name)) return true;
  return false;
};

/** The settings rules, as a visitor in the part's single walk. */
export function settingsRules(
  name: string,
  xml: string,
  edits: XmlEdits,
): XmlPass {
  const findings: Finding[] = [];
  const variables: string[] = [];
  const sources: string[] = [];
  return { open, close, done: () => findings };

  function open(el: XmlElement): void {
    if (inside(el, DROPPED) || HANDLED.has(el.name)) {
      if (el.name === 'w:docVar')
        variables.push(
          `${decodeEntities(attribute(el, 'w:name')?.raw ?? '')}=${decodeEntities(attribute(el, 'w:val')?.raw ?? '')}`,
        );
      if (MAIL_MERGE_VALUES.has(el.name)) {
        const value = attribute(el, 'w:val')?.raw;
        if (value) sources.push(decodeEntities(value));
      }
      return;
    }
    const user = personAttributes(el);
    for (const a of user) {
      edits.remove(a.start, a.end);
      findings.push(
        finding(
          a.name.startsWith('refreshedDate') ? 'time.date' : 'author.person',
          `${el.name} ${a.name}`,
          name,
          decodeEntities(a.raw),
        ),
      );
    }
    for (const a of el.attributes) {
      if (user.includes(a)) continue;
      const raw = a.name === 'connection' ? withoutAccount(el, a) : a.raw;
      if (!holdsLocalPath(raw)) {
        if (raw !== a.raw) edits.replace(a.valueStart, a.valueEnd, raw);
        continue;
      }
      edits.replace(a.valueStart, a.valueEnd, withoutFolders(raw));
      findings.push(
        finding(
          'identifier.file-name',
          `${el.name} ${a.name}`,
          name,
          decodeEntities(a.raw),
        ),
      );
    }
  }

  /** A connection string (raw XML) without its account, password and computer, each reported. */
  function withoutAccount(el: XmlElement, a: XmlAttribute): string {
    const cut = withoutPersonalPairs(decodeEntities(a.raw));
    if (!cut) return a.raw;
    for (const pair of cut.removed)
      findings.push(
        finding(pair.field, `${el.name} ${pair.key}`, name, pair.value),
      );
    return escapeXml(cut.text).replace(/'/g, '&apos;');
  }

  function close(el: XmlElement): void {
    const label = DROPPED.get(el.name);
    if (label) {
      edits.remove(el.start, el.end);
      const value = el.name === 'w:docVars' ? variables : sources;
      findings.push(
        finding(
          el.name === 'w:docVars' ? 'other.data' : 'identifier.file-name',
          label,
          name,
          value.length ? value.join('; ') : undefined,
        ),
      );
      variables.length = sources.length = 0;
      return;
    }
    if (el.children > 0 || inside(el, DROPPED) || HANDLED.has(el.name)) return;
    const text = xml.slice(el.openEnd, el.closeStart);
    if (!holdsLocalPath(text)) return;
    edits.replace(el.openEnd, el.closeStart, withoutFolders(text));
    findings.push(
      finding('identifier.file-name', el.name, name, decodeEntities(text)),
    );
  }
}

/**
 * The root elements of settings parts. A part whose name, relationship and content type all say
 * something else (`application/xml`, a made-up relationship type) still holds what its root says.
 */
const SETTINGS_ROOTS = new Set([
  'w:settings',
  'w:webSettings',
  'connections',
  'pivotCacheDefinition',
  'p:presentationPr',
  'p:viewPr',
]);

/** The settings rules for a part whose root element is a settings part's; else nothing. */
export function settingsByRoot(
  name: string,
  xml: string,
  edits: XmlEdits,
): XmlPass {
  let rules: XmlPass | null = null;
  return {
    open(el) {
      if (el.parent === null && SETTINGS_ROOTS.has(el.name))
        rules = settingsRules(name, xml, edits);
      rules?.open?.(el);
    },
    close: (el) => rules?.close?.(el),
    done: () => rules?.done?.() ?? [],
  };
}
