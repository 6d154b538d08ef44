/**
 * A file's type from its bytes, never from its name or the browser's claim. Four image formats
 * are shown inline; PDF and plain text are named as such; everything else is a download of
 * unknown bytes. SVG and HTML are never an image nor text/html: a page of the app's origin that
 * runs a member's script is the very thing this prevents.
 */
import type { downloadTypes, imageTypes } from '../../contract/files';
import { hasAscii } from './image-bytes';
import { PNG_SIGNATURE } from './png-metadata';

export type FileType = (typeof imageTypes)[number] | (typeof downloadTypes)[number];

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Valid UTF-8 without NULs whose first visible character does not open markup. */
function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return false;
  }
  // HTML, SVG and XML all start with '<' once a byte order mark and blanks are skipped, and a
  // browser that ignored the type would read them as a page. Text starting so is rare enough.
  return !/^[\uFEFF\s]*</.test(text);
}

export function sniffType(bytes: Uint8Array): FileType {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return 'image/png';
  if (hasAscii(bytes, 0, 'GIF87a') || hasAscii(bytes, 0, 'GIF89a')) return 'image/gif';
  if (hasAscii(bytes, 0, 'RIFF') && hasAscii(bytes, 8, 'WEBP')) return 'image/webp';
  if (hasAscii(bytes, 0, '%PDF-')) return 'application/pdf';
  if (isPlainText(bytes)) return 'text/plain';
  return 'application/octet-stream';
}
