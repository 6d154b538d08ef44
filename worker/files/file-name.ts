/**
 * A file's name as people will see it, from whatever the browser sent: no folders, nothing
 * unseen that could make 'gpj.exe' read as 'exe.jpg' or pass one name for another, composed
 * (NFC), at most FILE_NAME_MAX characters with its extension kept, never empty.
 */
import { FILE_NAME_MAX } from '../../contract/files';
import { stripInvisible } from '../../contract/invisible-characters';

const FALLBACK = 'file';
/** Controls and format characters (direction marks, zero-width ones, tags), once blanks are spaces. */
const HIDDEN = /[\p{Cc}\p{Cf}]/gu;
/** An extension worth keeping when the name is cut: a dot and a few letters or digits. */
const EXTENSION = /\.[\p{L}\p{N}]{1,12}$/u;

/** The longest start of `text` of at most `max` UTF-16 units that splits no surrogate pair. */
function cut(text: string, max: number): string {
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out;
}

export function cleanFileName(raw: string): string {
  const last = raw.split(/[/\\]/).pop() ?? '';
  const name = stripInvisible(last.normalize('NFC'))
    .replace(/\s+/gu, ' ')
    .replace(HIDDEN, '')
    .trim();
  if (/^\.*$/.test(name)) return FALLBACK;
  if (name.length <= FILE_NAME_MAX) return name;
  const extension = EXTENSION.exec(name)?.[0] ?? '';
  const stem = name.slice(0, name.length - extension.length);
  return cut(stem, FILE_NAME_MAX - extension.length).trimEnd() + extension;
}
