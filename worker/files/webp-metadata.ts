/**
 * A WebP without its metadata: the EXIF and XMP chunks go, their flags in VP8X are cleared and
 * the RIFF size is written anew; anything after the RIFF's end goes too. Every other chunk (the
 * picture, alpha, ICC profile, animation frames) is kept byte for byte.
 */
import {
  byte,
  fourCc,
  hasAscii,
  KeptBytes,
  u16le,
  u24le,
  u32le,
  UnreadableImage,
  type CleanImage,
} from './image-bytes';

const DROPPED = new Set(['EXIF', 'XMP ']);
/** VP8X's flag bits for an EXIF and an XMP chunk. */
const EXIF_FLAG = 0x08;
const XMP_FLAG = 0x04;

/** The picture's size from its VP8X, VP8 or VP8L chunk (data at `at`), or null. */
function sizeOf(type: string, bytes: Uint8Array, at: number, length: number) {
  if (type === 'VP8X' && length >= 10) {
    return { width: u24le(bytes, at + 4) + 1, height: u24le(bytes, at + 7) + 1 };
  }
  if (type === 'VP8 ' && length >= 10 && bytes[at + 3] === 0x9d && bytes[at + 4] === 0x01) {
    return { width: u16le(bytes, at + 6) & 0x3fff, height: u16le(bytes, at + 8) & 0x3fff };
  }
  if (type === 'VP8L' && length >= 5 && bytes[at] === 0x2f) {
    const bits = u32le(bytes, at + 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

export function cleanWebp(bytes: Uint8Array): CleanImage {
  const fail = (why: string) => new UnreadableImage('WebP', why);
  if (!hasAscii(bytes, 0, 'RIFF') || !hasAscii(bytes, 8, 'WEBP')) throw fail('no RIFF WEBP');
  const riffEnd = 8 + u32le(bytes, 4);
  if (riffEnd > bytes.length) throw fail('cut off');
  // The RIFF header, its size written anew once the chunks kept are known.
  const kept = new KeptBytes(Math.max(riffEnd, 12));
  kept.keep(bytes, 0, 12);
  let size: { width: number; height: number } | null = null;
  let at = 12;
  while (at < riffEnd) {
    if (at + 8 > riffEnd) throw fail(`chunk header at ${at} overruns`);
    const type = fourCc(bytes, at);
    const length = u32le(bytes, at + 4);
    const end = at + 8 + length + (length & 1);
    // The last chunk's padding byte is sometimes left out by writers.
    if (at + 8 + length > riffEnd) throw fail(`chunk ${type} overruns`);
    size ??= sizeOf(type, bytes, at + 8, length);
    if (!DROPPED.has(type)) {
      const keptAt = kept.keep(bytes, at, Math.min(end, riffEnd));
      if (type === 'VP8X' && length > 0) {
        kept.setByte(keptAt + 8, byte(bytes, at + 8) & ~(EXIF_FLAG | XMP_FLAG));
      }
    }
    at = end;
  }
  if (!size || size.width === 0 || size.height === 0) throw fail('no picture with a size');
  const cleaned = kept.bytes;
  new DataView(cleaned.buffer, cleaned.byteOffset).setUint32(4, cleaned.length - 8, true);
  return { bytes: cleaned, ...size };
}
