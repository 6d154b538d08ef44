/** What the image readers share: the cleaned bytes with the picture's size, and their refusal. */
export interface CleanImage {
  bytes: Uint8Array;
  width: number;
  height: number;
}

/**
 * The bytes claim a format (by their first bytes) but do not hold together as one. Such a file
 * is refused rather than stored as it came: its metadata could not be found, so not removed.
 */
export class UnreadableImage extends Error {
  constructor(format: string, why: string) {
    super(`${format}: ${why}`);
  }
}

/** Whether `bytes` hold `ascii` at `at`. */
export function hasAscii(bytes: Uint8Array, at: number, ascii: string): boolean {
  if (at + ascii.length > bytes.length) return false;
  for (let i = 0; i < ascii.length; i++) {
    if (bytes[at + i] !== ascii.charCodeAt(i)) return false;
  }
  return true;
}

/** The byte at `at`, or 0 past the end (every reader checks lengths before it trusts one). */
export const byte = (b: Uint8Array, at: number) => b[at] ?? 0;
export const u16be = (b: Uint8Array, at: number) => (byte(b, at) << 8) | byte(b, at + 1);
export const u16le = (b: Uint8Array, at: number) => byte(b, at) | (byte(b, at + 1) << 8);
export const u24le = (b: Uint8Array, at: number) => u16le(b, at) | (byte(b, at + 2) << 16);
export const u32be = (b: Uint8Array, at: number) => ((u16be(b, at) << 16) | u16be(b, at + 2)) >>> 0;
export const u32le = (b: Uint8Array, at: number) => (u16le(b, at) | (u16le(b, at + 2) << 16)) >>> 0;

/** From this size a part is copied whole (a photo's scan data: megabytes in one go). */
const COPY_WHOLE_FROM = 256;

/**
 * The cleaned image, written as the reader goes: one buffer the size of the original (what is
 * kept is never more), and each kept part copied into it. Not a list of the kept parts: a view
 * costs V8 about a hundred bytes, and a 10 MB file of two-byte markers, segments or blocks made
 * millions of them, far past the 128 MB a Worker has (the upload of one would end the isolate).
 */
export class KeptBytes {
  private readonly out: Uint8Array;
  private length = 0;

  constructor(capacity: number) {
    this.out = new Uint8Array(capacity);
  }

  /**
   * Keeps `bytes` from `start` to `end` (not included, never past their end); answers where they
   * were put. A large part is copied whole through a view that dies at once; a small one byte by
   * byte, so a file of millions of tiny parts makes no view at all.
   */
  keep(bytes: Uint8Array, start: number, end: number): number {
    const at = this.length;
    const last = Math.min(end, bytes.length);
    if (last - start >= COPY_WHOLE_FROM) {
      this.out.set(bytes.subarray(start, last), at);
      this.length += last - start;
    } else {
      for (let i = start; i < last; i++) this.out[this.length++] = byte(bytes, i);
    }
    return at;
  }

  /** The byte at `at` of what is kept, changed. */
  setByte(at: number, value: number) {
    this.out[at] = value;
  }

  get bytes(): Uint8Array {
    return this.out.subarray(0, this.length);
  }
}

/** The four characters of a chunk's type at `at` (PNG, RIFF). */
export const fourCc = (b: Uint8Array, at: number) =>
  String.fromCharCode(byte(b, at), byte(b, at + 1), byte(b, at + 2), byte(b, at + 3));
