/** Small byte helpers the runtime lacks a one-liner for. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The bytes of base64 text (atob throws on anything else). */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  // A plain loop: Uint8Array.from over the string's iterator is far slower, on every connect.
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Base64url without padding: safe in URLs, cookies and query strings. */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Each base64url character's six bits, by character code; -1 for any other character. */
const BASE64URL_BITS = new Int8Array(128).fill(-1);
[...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'].forEach((char, bits) => {
  BASE64URL_BITS[char.charCodeAt(0)] = bits;
});

/**
 * The bytes of base64url text (unpadded); null for anything that is not base64url. Decoded
 * here, not through a check, two replaces and atob: every ticketed socket upgrade decodes two
 * of these, and that way copies the text three times.
 */
export function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const bytes = new Uint8Array((text.length * 3) >> 2);
  let pending = 0;
  let pendingBits = 0;
  let written = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const bits = code < 128 ? BASE64URL_BITS[code]! : -1;
    if (bits < 0) return null;
    pending = ((pending << 6) | bits) & 0xfff;
    pendingBits += 6;
    if (pendingBits >= 8) {
      pendingBits -= 8;
      bytes[written++] = (pending >> pendingBits) & 0xff;
    }
  }
  return bytes;
}

/** URL-safe random text: ids, tokens. `bytes` of entropy, base64url-encoded. */
export function randomToken(bytes: number): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
