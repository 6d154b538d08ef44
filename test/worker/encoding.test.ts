/**
 * Base64url as tickets and admin cursors carry it (worker/lib/encoding.ts): the decoder is
 * hand-written for speed, so it is held to the runtime's own atob on every length and on
 * everything that is not base64url.
 */
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from '../../worker/lib/encoding';

/** The decoder as it was: a check, two replaces and atob. */
function viaAtob(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

describe('fromBase64Url', () => {
  it('gives back the bytes of every length, as atob does', () => {
    for (let length = 0; length <= 70; length++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length));
      const text = toBase64Url(bytes);
      expect(fromBase64Url(text)).toEqual(bytes);
      expect(fromBase64Url(text)).toEqual(viaAtob(text));
    }
  });

  it('refuses what is not base64url, as atob does', () => {
    for (const text of ['a', 'abcde', 'ab+c', 'ab/c', 'ab=c', 'abc=', 'ab c', 'abé', 'ab\u0100c']) {
      expect(fromBase64Url(text)).toBeNull();
      expect(viaAtob(text)).toBeNull();
    }
  });

  it('reads leftover bits past the last byte as atob does: dropped', () => {
    // 'AB' and 'AP' differ only in bits beyond the one byte they carry.
    expect(fromBase64Url('AB')).toEqual(viaAtob('AB'));
    expect(fromBase64Url('AP')).toEqual(viaAtob('AP'));
    expect(fromBase64Url('AP')).toEqual(new Uint8Array([0]));
  });
});
