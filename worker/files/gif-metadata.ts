/**
 * A GIF without its metadata: comment extensions and application extensions (XMP is one) go,
 * except the two that make an animation loop (NETSCAPE2.0, ANIMEXTS1.0); so does anything
 * after the trailer. Frames, palettes and graphic controls are kept byte for byte.
 */
import { byte, hasAscii, KeptBytes, u16le, UnreadableImage, type CleanImage } from './image-bytes';

const TRAILER = 0x3b;
const EXTENSION = 0x21;
const IMAGE = 0x2c;
const COMMENT = 0xfe;
const APPLICATION = 0xff;
const LOOPING = ['NETSCAPE2.0', 'ANIMEXTS1.0'];

/** The size of a colour table whose flag and size sit in `packed`, or 0 without one. */
const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);

export function cleanGif(bytes: Uint8Array): CleanImage {
  const fail = (why: string) => new UnreadableImage('GIF', why);
  if (!hasAscii(bytes, 0, 'GIF87a') && !hasAscii(bytes, 0, 'GIF89a')) throw fail('no header');
  if (bytes.length < 13) throw fail('cut off');
  const width = u16le(bytes, 6);
  const height = u16le(bytes, 8);

  /** Past the data sub-blocks starting at `from`, their terminator included. */
  const pastBlocks = (from: number) => {
    let at = from;
    while (at < bytes.length && bytes[at] !== 0) at += byte(bytes, at) + 1;
    if (at >= bytes.length) throw fail('cut off in data blocks');
    return at + 1;
  };

  let at = 13 + colourTable(byte(bytes, 10));
  const kept = new KeptBytes(bytes.length);
  kept.keep(bytes, 0, at);
  for (;;) {
    if (at >= bytes.length) throw fail('cut off before the trailer');
    const start = at;
    const block = bytes[at];
    if (block === TRAILER) {
      kept.keep(bytes, at, at + 1);
      break;
    }
    if (block === EXTENSION) {
      const label = bytes[at + 1];
      const end = pastBlocks(at + 2);
      const looping = LOOPING.some((name) => bytes[at + 2] === 11 && hasAscii(bytes, at + 3, name));
      const dropped = label === COMMENT || (label === APPLICATION && !looping);
      if (!dropped) kept.keep(bytes, start, end);
      at = end;
    } else if (block === IMAGE) {
      if (at + 11 > bytes.length) throw fail('cut off in an image descriptor');
      const dataAt = at + 10 + colourTable(byte(bytes, at + 9)) + 1; // past the LZW code size
      at = pastBlocks(dataAt);
      kept.keep(bytes, start, at);
    } else {
      throw fail(`unknown block ${block} at ${at}`);
    }
  }
  if (width === 0 || height === 0) throw fail('no size');
  return { bytes: kept.bytes, width, height };
}
