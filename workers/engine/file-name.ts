/**
 * What a file's name gives away, and a name that gives nothing away. Names often say more than
 * metadata: `IMG_20170209_195104.jpg` is a date and a time to the second, `WhatsApp Image
 * 2024-03-01 at 09.14.22.jpeg` an app, a date and a time, `Mariana Souza - CV final.docx` a person.
 * Cleaning never renames a file by itself (people name files for a reason); it says what it sees
 * and offers a neutral name (`photo.jpg`).
 */

/** What a name may reveal; the reader words each one. */
export type NameRisk = 'date' | 'time' | 'person' | 'contact' | 'device';

/** A file's kind, as the catalog says, for its neutral name. */
export type NameKind =
  'image' | 'video' | 'audio' | 'document' | 'archive' | 'file';

const NEUTRAL_STEMS: Record<NameKind, string> = {
  image: 'photo',
  video: 'video',
  audio: 'recording',
  document: 'document',
  archive: 'files',
  file: 'file',
};

// A year from 1990 to 2099 and a real month and day, glued (20170209) or separated by - _ . or
// space; the digits around must not be part of a longer number (a serial, a hash).
const YEAR = String.raw`(?:199\d|20\d\d)`;
const MONTH = String.raw`(?:0[1-9]|1[0-2])`;
const DAY = String.raw`(?:0[1-9]|[12]\d|3[01])`;
const SEP = String.raw`[-_. ]`;
const DATE = new RegExp(
  String.raw`(?<!\d)(?:${YEAR}${SEP}?${MONTH}${SEP}?${DAY}|${DAY}${SEP}${MONTH}${SEP}${YEAR})(?!\d)`,
);
// A time of day after a date (IMG_20170209_195104, "at 09.14.22", 2024-03-01-091422): hours,
// minutes and usually seconds, glued or separated by . : - _ or "h".
const HOUR = String.raw`(?:[01]\d|2[0-3])`;
const MINUTE = String.raw`[0-5]\d`;
const TIME = new RegExp(
  String.raw`(?:${DATE.source})(?:${SEP}|${SEP}?at${SEP}|T)?${HOUR}(?:[.:h_-]?)${MINUTE}(?:[.:_-]?${MINUTE})?`,
  'i',
);
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;
/**
 * A phone number: international (`+` or `00`, then a non-zero digit and at least seven more,
 * separators allowed), or national with its separators (`011 98765-4321`): a run of bare digits
 * after a 0 is a serial or a time (`PXL_..._091422123`) as often as a number.
 */
const PHONE =
  /(?<![\p{L}\p{N}])(?:(?:\+|00)[1-9](?:[ .-]?\d){7,}|0\d{1,4}[ .-]\d{3,5}[ .-]?\d{3,5})(?!\d)/u;
/** Phone and camera makers and models that some apps write into names. */
const DEVICE_NAMES = [
  'iphone',
  'ipad',
  'galaxy',
  'pixel',
  'samsung',
  'huawei',
  'xiaomi',
  'redmi',
  'oneplus',
  'motorola',
  'nokia',
  'sony',
  'xperia',
  'canon',
  'nikon',
  'fujifilm',
  'olympus',
  'panasonic',
  'gopro',
  'dji',
  'mavic',
];
const DEVICE = new RegExp(
  String.raw`(?<![\p{L}])(?:${DEVICE_NAMES.join('|')})(?![\p{L}])`,
  'iu',
);

/*
 * What a pattern cannot match without, tested first: the first run of a pattern with Unicode
 * classes (\p{L}) compiles it, 0.2 to 0.7 ms each, some 2 ms of every command's run for a name
 * like `clip.mp4` that none of them could match. Each check is implied by its pattern.
 */
/** An e-mail address has an @. */
const mayHoldEmail = (stem: string) => stem.includes('@');
/** Every phone number PHONE takes has at least eight digits (`+` and 8, `00` and 8, `0` and 7). */
const PHONE_MIN_DIGITS = 8;
function mayHoldPhone(stem: string): boolean {
  let digits = 0;
  for (let i = 0; i < stem.length && digits < PHONE_MIN_DIGITS; i++)
    if (stem[i]! >= '0' && stem[i]! <= '9') digits++;
  return digits >= PHONE_MIN_DIGITS;
}
/**
 * A device's name, spelt in ASCII letters of any case. A name with other characters goes to the
 * pattern itself, whose case folding also matches some of them (ſ for s, the Kelvin sign for k).
 */
const LAST_ASCII = 0x7f;
function mayHoldDevice(stem: string): boolean {
  for (let i = 0; i < stem.length; i++)
    if (stem.charCodeAt(i) > LAST_ASCII) return true;
  const lower = stem.toLowerCase();
  return DEVICE_NAMES.some((device) => lower.includes(device));
}
/** A capitalised word does not start with a small ASCII letter, a digit or a sign of ASCII. */
function mayBeCapitalised(word: string): boolean {
  return (
    word.charCodeAt(0) > LAST_ASCII || (word[0]! >= 'A' && word[0]! <= 'Z')
  );
}
/**
 * Two or more words of a capital and small letters in a row ("Mariana Souza", "José da Silva")
 * read as a person's name unless they are words files are commonly named with.
 */
const CAPITALISED_WORD = /^\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)*$/u;
const NAME_PARTICLES = new Set([
  'da',
  'de',
  'do',
  'dos',
  'das',
  'van',
  'von',
  'der',
  'di',
  'del',
  'la',
  'le',
  'bin',
  'al',
]);
const COMMON_WORDS = new Set([
  // What apps and people call files, in the site's languages.
  'image',
  'images',
  'img',
  'photo',
  'photos',
  'picture',
  'pictures',
  'screenshot',
  'screen',
  'shot',
  'video',
  'movie',
  'clip',
  'audio',
  'recording',
  'voice',
  'memo',
  'note',
  'notes',
  'document',
  'documents',
  'doc',
  'scan',
  'scanned',
  'file',
  'files',
  'copy',
  'final',
  'draft',
  'new',
  'old',
  'version',
  'report',
  'invoice',
  'receipt',
  'letter',
  'contract',
  'presentation',
  'slides',
  'sheet',
  'budget',
  'untitled',
  'export',
  'edited',
  'whatsapp',
  'telegram',
  'signal',
  'camera',
  'roll',
  'capture',
  'foto',
  'fotos',
  'imagem',
  'captura',
  'tela',
  'documento',
  'arquivo',
  'cópia',
  'relatório',
  'fatura',
  'recibo',
  'carta',
  'contrato',
  'bild',
  'bilder',
  'bildschirmfoto',
  'dokument',
  'datei',
  'kopie',
  'rechnung',
  'brief',
  'vertrag',
  'entwurf',
  'schermata',
  'immagine',
  'documento',
  'copia',
  'bozza',
  'fattura',
  'lettera',
  'the',
  'and',
  'of',
  'my',
  'our',
  'at',
  'from',
  'with',
  'for',
  'in',
  'on',
  'to',
  'cv',
  'resume',
  'résumé',
  'curriculum',
  'vitae',
  'meeting',
  'minutes',
  'project',
  'plan',
  'summary',
  'page',
  'part',
  'chapter',
  'book',
  'travel',
  'trip',
  'holiday',
  'vacation',
  'birthday',
  'wedding',
  'party',
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'apple',
  'google',
  'microsoft',
  'adobe',
  'office',
  'word',
  'excel',
  'powerpoint',
  'pdf',
]);

/** The name without its folder and its last extension. */
export function stemOf(name: string): string {
  const base = name.slice(
    Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1,
  );
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** The last extension, lower case, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const base = name.slice(
    Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1,
  );
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

function looksLikePersonName(stem: string): boolean {
  const words = stem.split(/[\s_.,;()[\]{}+-]+/u).filter(Boolean);
  let run = 0;
  for (const word of words) {
    const lower = word.toLowerCase();
    if (run > 0 && NAME_PARTICLES.has(lower)) continue;
    if (
      mayBeCapitalised(word) &&
      CAPITALISED_WORD.test(word) &&
      !COMMON_WORDS.has(lower)
    ) {
      run += 1;
      if (run >= 2) return true;
    } else run = 0;
  }
  return false;
}

/** What the name of a file may give away, most telling first; empty when nothing is seen. */
export function nameRisks(name: string): NameRisk[] {
  const stem = stemOf(name);
  const risks: NameRisk[] = [];
  if (looksLikePersonName(stem)) risks.push('person');
  if (
    (mayHoldEmail(stem) && EMAIL.test(stem)) ||
    (mayHoldPhone(stem) && PHONE.test(stem))
  )
    risks.push('contact');
  const date = DATE.test(stem);
  if (date) risks.push('date');
  // TIME begins with DATE's pattern: no date, no time.
  if (date && TIME.test(stem)) risks.push('time');
  if (mayHoldDevice(stem) && DEVICE.test(stem)) risks.push('device');
  return risks;
}

/**
 * A name that tells nothing: the kind's word and the file's own extension (`photo.jpg`), numbered
 * from the second (`photo-2.jpg`) so a batch never repeats a name.
 */
export function neutralName(name: string, kind: NameKind, number = 1): string {
  const ext = extensionOf(name);
  const stem = NEUTRAL_STEMS[kind] + (number > 1 ? `-${number}` : '');
  return ext ? `${stem}.${ext}` : stem;
}
