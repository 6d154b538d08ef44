/**
 * A PNG without its metadata: the text chunks (tEXt, zTXt, iTXt, which hold XMP and the raw
 * Exif profiles some tools write), eXIf and the modification time go, and so does anything
 * after IEND. Every other chunk is kept byte for byte with its CRC; the picture is not decoded.
 */
import {
  fourCc,
  hasAscii,
  KeptBytes,
  u32be,
  UnreadableImage,
  type CleanImage,
} from './image-bytes';

export const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

export function cleanPng(bytes: Uint8Array): CleanImage {
  const fail = (why: string) => new UnreadableImage('PNG', why);
  if (!PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) throw fail('no signature');
  if (!hasAscii(bytes, 12, 'IHDR') || u32be(bytes, 8) !== 13) throw fail('no IHDR first');
  const width = u32be(bytes, 16);
  const height = u32be(bytes, 20);
  const kept = new KeptBytes(bytes.length);
  kept.keep(bytes, 0, 8);
  let at = 8;
  for (;;) {
    if (at + 12 > bytes.length) throw fail('cut off before IEND');
    const length = u32be(bytes, at);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) throw fail(`chunk at ${at} overruns`);
    const type = fourCc(bytes, at + 4);
    if (!DROPPED.has(type)) kept.keep(bytes, at, end);
    at = end;
    if (type === 'IEND') break;
  }
  if (width === 0 || height === 0) throw fail('no size');
  return { bytes: kept.bytes, width, height };
}
