/**
 * Paths on someone's disk (`file:///home/alice/x`, `C:\Users\alice\x`, `\\server\share\x`,
 * `/Users/alice/x`) name the person or their organisation, and no one else can open them. Found
 * anywhere in a value unless the start continues a word or a URL (`https://x.org/home/`,
 * `profile:`): before it, a space, a quote, a bracket, `=`, a control byte or punctuation.
 */
const LOCAL_PATH_INSIDE =
  /(?<![\w/.:~-])(?:file:|[A-Za-z]:[\\/]|\\\\\w|\/home\/|\/Users\/|\/root\/)/i;
const LOCAL_PATH_ALL = new RegExp(LOCAL_PATH_INSIDE.source, 'gi');
/** Where a path inside a longer value ends: a connection string's `;`, a quote, a tag, a line. */
const PATH_END = /[;"'<>|\r\n\t]/;
const SEPARATOR = /[\\/]/;

/** True when the text names a place on a local disk. */
export function holdsLocalPath(text: string): boolean {
  return LOCAL_PATH_INSIDE.test(text);
}

/**
 * The text with the folders of every local path in it cut, each path keeping only its file name
 * (`Data Source=C:\Users\alice\list.xlsx;Mode=Read` -> `Data Source=list.xlsx;Mode=Read`).
 */
export function withoutFolders(text: string): string {
  let out = '';
  let at = 0;
  for (const m of text.matchAll(LOCAL_PATH_ALL)) {
    if (m.index < at) continue;
    let cut = m.index + m[0].length;
    for (let i = m.index; i < text.length && !PATH_END.test(text[i]!); i++)
      if (SEPARATOR.test(text[i]!)) cut = i + 1;
    out += text.slice(at, m.index);
    at = cut;
  }
  return out + text.slice(at);
}
