/**
 * A JPEG without its metadata: the Exif and XMP segments (APP1, where a phone writes the GPS
 * position), Photoshop's APP13 (IPTC), comments and every other application segment go, and so
 * does anything after the end of the image (a second picture of MPF, a vendor's trailer, which
 * can be the unedited original with its own Exif). Kept: JFIF (APP0), the ICC colour profile
 * (APP2) and Adobe's colour transform (APP14), which change how the picture looks, and every
 * table, frame and scan byte for byte. The picture is not decoded, so it is not re-encoded.
 *
 * The orientation in the Exif goes too: the picture then shows as stored, which is also the
 * size this reads. The browser draws photos upright before it scales them down, so photos it
 * scaled arrive with no orientation to lose.
 */
import { byte, hasAscii, KeptBytes, u16be, UnreadableImage, type CleanImage } from './image-bytes';

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const END_OF_IMAGE = new Uint8Array([0xff, EOI]);
const COM = 0xfe;

/** APPn segments kept, by marker: what their data starts with. */
const KEPT_APPS = new Map([
  [0xe0, 'JFIF\0'],
  [0xe2, 'ICC_PROFILE\0'],
  [0xee, 'Adobe'],
]);

/** Start-of-frame markers (C0 to CF but DHT C4, JPG C8 and DAC CC): they carry the size. */
const isFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: RST0 to RST7 and TEM. */
const standsAlone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

function keeps(marker: number, bytes: Uint8Array, dataAt: number): boolean {
  if (marker === COM) return false;
  if (marker < 0xe0 || marker > 0xef) return true;
  const signature = KEPT_APPS.get(marker);
  return signature !== undefined && hasAscii(bytes, dataAt, signature);
}

/** Where a scan's entropy-coded data ends: the first marker that is not a stuffed 0 or an RST. */
function scanEnd(bytes: Uint8Array, from: number): number {
  for (let i = from; i < bytes.length - 1; i++) {
    if (bytes[i] !== 0xff) continue;
    const next = byte(bytes, i + 1);
    if (next !== 0 && next !== 0xff && !standsAlone(next)) return i;
  }
  return bytes.length;
}

export function cleanJpeg(bytes: Uint8Array): CleanImage {
  const fail = (why: string) => new UnreadableImage('JPEG', why);
  if (bytes[0] !== 0xff || bytes[1] !== SOI) throw fail('no start of image');
  // An image cut off after its last scan is closed with an end: two bytes more at most.
  const kept = new KeptBytes(bytes.length + END_OF_IMAGE.length);
  kept.keep(bytes, 0, 2);
  let width = 0;
  let height = 0;
  let at = 2;
  for (;;) {
    if (at >= bytes.length) {
      // Cut off after its last scan: kept as far as it goes, and closed.
      if (width === 0) throw fail('cut off before its frame');
      kept.keep(END_OF_IMAGE, 0, END_OF_IMAGE.length);
      break;
    }
    if (bytes[at] !== 0xff) throw fail(`no marker at ${at}`);
    while (bytes[at] === 0xff) at++; // fill bytes
    if (at >= bytes.length) throw fail('cut off in a marker');
    const marker = byte(bytes, at);
    const start = at - 1;
    at++;
    if (marker === EOI) {
      kept.keep(bytes, start, at);
      break;
    }
    if (standsAlone(marker)) {
      kept.keep(bytes, start, at);
      continue;
    }
    if (at + 2 > bytes.length) throw fail('cut off in a segment length');
    const end = at + u16be(bytes, at);
    if (end < at + 2 || end > bytes.length) throw fail(`segment ${marker.toString(16)} overruns`);
    if (isFrame(marker)) {
      if (end < at + 7) throw fail('short frame header');
      height = u16be(bytes, at + 3);
      width = u16be(bytes, at + 5);
    }
    if (keeps(marker, bytes, at + 2)) kept.keep(bytes, start, end);
    at = end;
    if (marker === SOS) {
      const dataEnd = scanEnd(bytes, at);
      kept.keep(bytes, at, dataEnd);
      at = dataEnd;
    }
  }
  if (width === 0 || height === 0) throw fail('no frame with a size');
  return { bytes: kept.bytes, width, height };
}
