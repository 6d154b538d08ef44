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

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
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
