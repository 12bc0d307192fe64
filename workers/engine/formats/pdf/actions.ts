/**
 * The keep-list of action dictionaries (ISO 32000-2, 12.6.4 and the form actions of 12.7.6): an
 * action keeps the keys its `/S` type defines and the keys every action has (12.6.2); one whose
 * type is unknown or damaged keeps only those, so nothing a producer or a damaged key left in it
 * (a name, a path, a certificate) is copied. Additional-actions dictionaries (12.6.3) keep their
 * triggers, each of whose values is an action.
 */

/** Keys of every action dictionary (12.6.2). */
const COMMON = ['Type', 'S', 'Next'];

/** Keys by action type: the subsections of 12.6.4 and, for the form actions, of 12.7.6. */
const BY_TYPE: Record<string, readonly string[]> = {
  GoTo: ['D', 'SD'],
  GoToR: ['F', 'D', 'SD', 'NewWindow'],
  GoToE: ['F', 'D', 'NewWindow', 'T'],
  GoToDp: ['Dp'],
  Launch: ['F', 'Win', 'Mac', 'Unix', 'NewWindow'],
  Thread: ['F', 'D', 'B'],
  URI: ['URI', 'IsMap'],
  Sound: ['Sound', 'Volume', 'Synchronous', 'Repeat', 'Mix'],
  Movie: ['Annotation', 'T', 'Operation'],
  Hide: ['T', 'H'],
  Named: ['N'],
  SetOCGState: ['State', 'PreserveRB'],
  Rendition: ['R', 'AN', 'OP', 'JS'],
  Trans: ['Trans'],
  GoTo3DView: ['TA', 'V'],
  JavaScript: ['JS'],
  RichMediaExecute: ['TA', 'TI', 'CMD'],
  SubmitForm: ['F', 'Fields', 'Flags', 'CharSet'],
  ResetForm: ['Fields', 'Flags'],
  ImportData: ['F'],
};

const KEYS_BY_TYPE = new Map(
  Object.entries(BY_TYPE).map(([type, keys]) => [
    type,
    new Set([...COMMON, ...keys]),
  ]),
);
const COMMON_KEYS: ReadonlySet<string> = new Set(COMMON);
/** Every key some action defines. */
export const ACTION_KEYS: ReadonlySet<string> = new Set(
  [...KEYS_BY_TYPE.values()].flatMap((keys) => [...keys]),
);

/** Whether a name is an action type the standard defines. */
export const isActionType = (name: string | undefined): boolean =>
  name !== undefined && KEYS_BY_TYPE.has(name);

/** The keys an action of type `s` keeps; an unknown type keeps only what every action has. */
export const actionKeys = (s: string | undefined): ReadonlySet<string> =>
  (s !== undefined && KEYS_BY_TYPE.get(s)) || COMMON_KEYS;

/**
 * Triggers of additional-actions dictionaries (12.6.3): those of annotations, pages, form fields
 * and the document catalog, in that order.
 */
export const TRIGGERS = [
  'E',
  'X',
  'D',
  'U',
  'Fo',
  'Bl',
  'PO',
  'PC',
  'PV',
  'PI',
  'O',
  'C',
  'K',
  'F',
  'V',
  'WC',
  'WS',
  'DS',
  'WP',
  'DP',
];
