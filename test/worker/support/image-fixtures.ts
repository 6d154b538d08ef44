/**
 * Small real images (8×6, written by sharp) and builders that add the metadata a phone or an
 * editor writes: Exif with a GPS position, XMP, comments, text chunks, trailing data.
 */
import { fromBase64 } from '../../../worker/lib/encoding';

/** Baseline JPEG with no application segment at all: SOI, tables, frame, scan, EOI. */
export const plainJpeg = fromBase64(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAdEAACAgEFAAAAAAAAAAAAAAABAwACERITMXKR/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABcRAAMBAAAAAAAAAAAAAAAAAAABETH/2gAMAwEAAhEDEQA/ALoUG1ATRZGrIBrtkDtXnyIiB6J1s//Z',
);

/**
 * The same picture as a phone writes it: an APP1 Exif segment with Make 'PhoneMaker', Model
 * 'Phone 9' and a GPS IFD (52° 31′ 12.34″ N, 13° 24′ 56.78″ E).
 */
export const gpsJpeg = fromBase64(
  '/9j/4QFaRXhpZgAASUkqAAgAAAAJAA8BAgALAAAAkgAAABABAgAIAAAAigAAABIBAwABAAAAAQAAABoBBQABAAAAegAAABsBBQABAAAAggAAACgBAwABAAAAAgAAABMCAwABAAAAAQAAAGmHBAABAAAAngAAACWIBAABAAAA7AAAAAAAAAA4YwAA6AMAADhjAADoAwAAUGhvbmUgOQBQaG9uZU1ha2VyAAAGAACQBwAEAAAAMDIxMAGRBwAEAAAAAQIDAACgBwAEAAAAMDEwMAGgAwABAAAA//8AAAKgBAABAAAACAAAAAOgBAABAAAABgAAAAAAAAAEAAEAAgACAAAATgAAAAIABQADAAAAOgEAAAMAAgACAAAARQAAAAQABQADAAAAIgEAAAAAAAANAAAAAQAAABgAAAABAAAALhYAAGQAAAA0AAAAAQAAAB8AAAABAAAA0gQAAGQAAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAdEAACAgEFAAAAAAAAAAAAAAABAwACERITMXKR/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABcRAAMBAAAAAAAAAAAAAAAAAAABETH/2gAMAwEAAhEDEQA/ALoUG1ATRZGrIBrtkDtXnyIiB6J1s//Z',
);

/** PNG (IHDR, pHYs, IDAT, IEND), no metadata. */
export const plainPng = fromBase64(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAf0lEQVQImQXBERfCABhA0U+DIEiDoPNOOggGaRAEaRAE6SAI0iAI0kEQpINBkHbeCQZpEAT9gUEQdG8Y2MY+DnGKS9zggfCMV3zgB3/Ywh6mhBNc4Br3eMILVvgm/GITuzjAMc5xhTvCI5Z4xxfW2MAOJoQjnGGGW8yxwBs++QO/p0SJTrDwZQAAAABJRU5ErkJggg==',
);

/** Lossy WebP in the simple format: RIFF, one VP8 chunk. */
export const plainWebp = fromBase64(
  'UklGRmIAAABXRUJQVlA4IFYAAAAwAgCdASoIAAYAAsBMJbACdLoAAzeYVJu5cADLC/GmGdr53t4i0P7mzd4QGuThSQknced3YwoE2Qg3/xbXcxQ9E19DcGnm/m44mkeUPzQg8rWMmgAAAA==',
);

/** The same WebP as sharp writes it with Exif: VP8X (EXIF flag), VP8, EXIF with the GPS IFD. */
export const gpsWebp = fromBase64(
  'UklGRtQBAABXRUJQVlA4WAoAAAAIAAAABwAABQAAVlA4IFYAAAAwAgCdASoIAAYAAsBMJbACdLoAAzeYVJu5cADLC/GmGdr53t4i0P7mzd4QGuThSQknced3YwoE2Qg3/xbXcxQ9E19DcGnm/m44mkeUPzQg8rWMmgAAAEVYSUZYAQAARXhpZgAASUkqAAgAAAAJAA8BAgALAAAAkgAAABABAgAIAAAAigAAABIBAwABAAAAAQAAABoBBQABAAAAegAAABsBBQABAAAAggAAACgBAwABAAAAAgAAABMCAwABAAAAAQAAAGmHBAABAAAAngAAACWIBAABAAAA7AAAAAAAAAA4YwAA6AMAADhjAADoAwAAUGhvbmUgOQBQaG9uZU1ha2VyAAAGAACQBwAEAAAAMDIxMAGRBwAEAAAAAQIDAACgBwAEAAAAMDEwMAGgAwABAAAA//8AAAKgBAABAAAACAAAAAOgBAABAAAABgAAAAAAAAAEAAEAAgACAAAATgAAAAIABQADAAAAOgEAAAMAAgACAAAARQAAAAQABQADAAAAIgEAAAAAAAANAAAAAQAAABgAAAABAAAALhYAAGQAAAA0AAAAAQAAAB8AAAABAAAA0gQAAGQAAAA=',
);

/** GIF89a with a global palette, one graphic control and one frame. */
export const plainGif = fromBase64(
  'R0lGODlhCAAGAIUAAExpcchpKMhQKMigKMh+KMjOKMi1KMjjKMjKKMhIKMiHKMhUKMg7KMiLKMhyKMgmKMgNKMj4KMhdKMiTKMgRKMgVKMhlKMicKMgAKMjSKMi9KMgiKMg/KMioKMjfKMgqKMh6KMhhKMixKMjnKMhMKMgzKMi5KMjGKMj8KMiPKMj0KMjbKMh2KMg3KMgeKMgJKMikKAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACH5BAUAAAAALAAAAAAIAAYAAAYsQEzlw1kECJOOJjNCUR4MgQWUgpkKhwhk0yKFWI2BAeFRvVylhMShuIhOqyAAOw==',
);

/** Text people could read in metadata: none of it may reach anyone else. */
export const SECRETS = ['PhoneMaker', 'Phone 9', 'Exif', 'xmpmeta', 'GPSLatitude', 'shot at home'];

const ascii = (text: string) => new TextEncoder().encode(text);

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Whether `bytes` contain `text` (as ASCII or UTF-8). */
export function containsText(bytes: Uint8Array, text: string): boolean {
  const needle = ascii(text);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="52,31.2N" exif:GPSLongitude="13,24.9E"/></rdf:RDF></x:xmpmeta>`;

/** A JPEG segment: FF, marker, big-endian length (itself included), data. */
export function jpegSegment(marker: number, data: Uint8Array): Uint8Array {
  const length = data.length + 2;
  return concat(new Uint8Array([0xff, marker, length >> 8, length & 0xff]), data);
}

/** JFIF's APP0 as cameras and editors write it. */
export const jfifApp0 = jpegSegment(
  0xe0,
  new Uint8Array([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
);
/** An (abridged) ICC profile segment: kept, it decides the colours. */
export const iccApp2 = jpegSegment(
  0xe2,
  concat(ascii('ICC_PROFILE\0'), new Uint8Array([1, 1, 9, 9])),
);

/**
 * The phone's JPEG with everything else an editor adds: JFIF and ICC (to keep), XMP in a second
 * APP1, a Photoshop APP13, a comment, and a second JPEG after the end (as MPF writes one).
 */
export function jpegWithEverything(): Uint8Array {
  const afterSoi = gpsJpeg.subarray(2);
  return concat(
    gpsJpeg.subarray(0, 2),
    jfifApp0,
    iccApp2,
    jpegSegment(0xe1, ascii(`http://ns.adobe.com/xap/1.0/\0${XMP}`)),
    jpegSegment(0xed, ascii('Photoshop 3.0\x008BIM shot at home')),
    jpegSegment(0xfe, ascii('shot at home')),
    afterSoi,
    gpsJpeg,
  );
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG chunk with its length and CRC. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const body = concat(ascii(type), data);
  const out = new Uint8Array(body.length + 8);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(body, 4);
  view.setUint32(body.length + 4, crc32(body));
  return out;
}

/** The chunk types of a PNG, in order. */
export function pngChunks(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const types: string[] = [];
  for (let at = 8; at + 8 <= bytes.length; at += 12 + view.getUint32(at)) {
    types.push(String.fromCharCode(...bytes.subarray(at + 4, at + 8)));
  }
  return types;
}

/** The PNG with Exif (GPS), XMP, a comment and a time before its data, and bytes after IEND. */
export function pngWithEverything(): Uint8Array {
  const exif = gpsJpeg.subarray(10, 4 + ((gpsJpeg[4]! << 8) | gpsJpeg[5]!)); // the TIFF inside APP1
  const ihdrEnd = 8 + 25;
  return concat(
    plainPng.subarray(0, ihdrEnd),
    pngChunk('tEXt', ascii('Comment\0shot at home')),
    pngChunk('iTXt', ascii(`XML:com.adobe.xmp\0\0\0\0\0${XMP}`)),
    pngChunk('eXIf', concat(exif, ascii('PhoneMaker'))),
    pngChunk('tIME', new Uint8Array([7, 233, 5, 17, 12, 0, 0])),
    plainPng.subarray(ihdrEnd),
    ascii('Exif trailer: shot at home'),
  );
}

/** A WebP's chunks inside its RIFF: type, the data's offset and length. */
export function webpChunks(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: { type: string; at: number; length: number }[] = [];
  const riffEnd = 8 + view.getUint32(4, true);
  for (let at = 12; at + 8 <= riffEnd;) {
    const length = view.getUint32(at + 4, true);
    chunks.push({ type: String.fromCharCode(...bytes.subarray(at, at + 4)), at: at + 8, length });
    at += 8 + length + (length & 1);
  }
  return chunks;
}

function webpChunk(type: string, data: Uint8Array): Uint8Array {
  const header = concat(ascii(type), new Uint8Array(4));
  new DataView(header.buffer).setUint32(4, data.length, true);
  return concat(header, data, new Uint8Array(data.length & 1));
}

/** sharp's WebP with Exif, plus an XMP chunk (and its VP8X flag) and bytes after the RIFF. */
export function webpWithEverything(): Uint8Array {
  const body = concat(gpsWebp.subarray(12), webpChunk('XMP ', ascii(XMP)));
  const riff = concat(ascii('RIFF'), new Uint8Array(4), ascii('WEBP'), body);
  new DataView(riff.buffer).setUint32(4, riff.length - 8, true);
  riff[20]! |= 0x04; // VP8X: the XMP flag beside the EXIF one
  return concat(riff, ascii('Exif after the end: shot at home'));
}

/** The GIF with a comment and an XMP application extension before its frame. */
export function gifWithEverything(): Uint8Array {
  const frameAt = plainGif.indexOf(0x21, 13 + 3 * 64); // the graphic control extension
  const blocks = (bytes: Uint8Array) =>
    concat(new Uint8Array([bytes.length]), bytes, new Uint8Array([0]));
  return concat(
    plainGif.subarray(0, frameAt),
    new Uint8Array([0x21, 0xfe]),
    blocks(ascii('shot at home')),
    new Uint8Array([0x21, 0xff, 11]),
    ascii('XMP DataXMP'),
    blocks(ascii(XMP.slice(0, 200))),
    plainGif.subarray(frameAt),
  );
}

/** `part` `count` times over. */
function repeated(part: Uint8Array, count: number): Uint8Array {
  const out = new Uint8Array(part.length * count);
  for (let at = 0; at < out.length; at += part.length) out.set(part, at);
  return out;
}

/**
 * Each plain image with `count` of the smallest part its format keeps put before its picture:
 * restart markers (JPEG, 2 bytes), empty private chunks (PNG, 12; WebP, 8), empty graphic
 * controls (GIF, 3). Valid enough to be cleaned, and a file of them holds millions in 10 MB.
 */
export function imagesOfTinyParts(count: number) {
  const jpeg = concat(
    plainJpeg.subarray(0, 2),
    repeated(new Uint8Array([0xff, 0xd0]), count),
    plainJpeg.subarray(2),
  );
  const ihdrEnd = 8 + 25;
  const png = concat(
    plainPng.subarray(0, ihdrEnd),
    repeated(pngChunk('prVt', new Uint8Array(0)), count),
    plainPng.subarray(ihdrEnd),
  );
  const webp = concat(
    ascii('RIFF'),
    new Uint8Array(4),
    ascii('WEBP'),
    repeated(webpChunk('prVt', new Uint8Array(0)), count),
    plainWebp.subarray(12),
  );
  new DataView(webp.buffer).setUint32(4, webp.length - 8, true);
  const frameAt = plainGif.indexOf(0x21, 13 + 3 * 64);
  const gif = concat(
    plainGif.subarray(0, frameAt),
    repeated(new Uint8Array([0x21, 0xf9, 0]), count),
    plainGif.subarray(frameAt),
  );
  return [
    ['image/jpeg', jpeg],
    ['image/png', png],
    ['image/webp', webp],
    ['image/gif', gif],
  ] as const;
}
