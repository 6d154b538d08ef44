/**
 * A browser's side of Web Push, done by hand for the tests that check what the app sends: a
 * subscriber's keys, the VAPID header read (RFC 8292) and a push decrypted (RFC 8291 over RFC
 * 8188, aes128gcm), with Web Crypto alone and independently of the library the worker sends with.
 * Globals only (no node:, no test runner): the worker tests in workerd and the browser tests in
 * Node both import it. It answers what it reads; each test asserts on that itself.
 */

/** Bytes the DOM's Web Crypto types take (a view of a plain ArrayBuffer, not a shared one). */
type Bytes = Uint8Array<ArrayBuffer>;

export const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export function fromBase64Url(text: string): Bytes {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return fromBase64(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
}

const fromBase64 = (text: string): Bytes => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
// workerd's types leave encode()'s buffer open; it is a plain ArrayBuffer in every runtime.
const utf8 = (text: string) => new TextEncoder().encode(text) as Bytes;

/** A browser's subscription keys: the P-256 pair and auth secret, and `keys` as it posts them. */
export interface PushKeys {
  privateKey: CryptoKey;
  publicBytes: Bytes;
  authBytes: Bytes;
  keys: { p256dh: string; auth: string };
}

export async function newPushKeys(): Promise<PushKeys> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const raw = (await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer;
  const publicBytes = new Uint8Array(raw);
  const authBytes = crypto.getRandomValues(new Uint8Array(16));
  return {
    privateKey: pair.privateKey,
    publicBytes,
    authBytes,
    keys: { p256dh: base64Url(publicBytes), auth: base64Url(authBytes) },
  };
}

export interface VapidAuthorization {
  /** The `k=` parameter: the key the JWT claims to be signed with, base64url. */
  k: string;
  header: unknown;
  claims: { aud: string; exp: number; sub: string };
  /** Whether the JWT's ES256 signature (raw r||s) verifies with `k`. */
  signatureValid: boolean;
}

/** Reads `vapid t=<JWT>, k=<key>`; null when the header is not of that form. */
export async function readVapid(authorization = ''): Promise<VapidAuthorization | null> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match) return null;
  const [, token, k] = match as unknown as [string, string, string];
  const [header = '', payload = '', signature = ''] = token.split('.');
  const decode = (part: string) => JSON.parse(new TextDecoder().decode(fromBase64Url(part)));
  const publicKey = await crypto.subtle.importKey(
    'raw',
    fromBase64Url(k),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  const signatureValid = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    publicKey,
    fromBase64Url(signature),
    utf8(`${header}.${payload}`),
  );
  return { k, header: decode(header), claims: decode(payload), signatureValid };
}

/** An aes128gcm body's header (RFC 8188) and its one record, apart. */
export interface Aes128gcmBody {
  salt: Bytes;
  recordSize: number;
  /** The key id's length: 65, the sender's uncompressed P-256 point, in Web Push. */
  idLength: number;
  senderPublic: Bytes;
  ciphertext: Bytes;
}

/** Splits a push body (base64, as the tests' push service answers it) into header and record. */
export function readAes128gcm(bodyBase64: string): Aes128gcmBody {
  const body = fromBase64(bodyBase64);
  const idLength = body[20] ?? 0;
  return {
    salt: body.slice(0, 16),
    recordSize: new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0),
    idLength,
    senderPublic: body.slice(21, 21 + idLength),
    ciphertext: body.slice(21 + idLength),
  };
}

async function hkdf(salt: Bytes, ikm: BufferSource, info: Bytes, bytes: number) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt, info },
    key,
    bytes * 8,
  );
  return new Uint8Array(bits);
}

/**
 * Decrypts the record as the browser would (RFC 8291): ECDH of the sender's key with the
 * subscriber's private key; HKDF with the auth secret, then with the salt, to the content key
 * and nonce; AES-128-GCM; then the zeros of padding dropped. Answers the plaintext and the
 * delimiter the padding ended on (2 for the last record, the only one a push has).
 */
export async function decryptAes128gcm(keys: PushKeys, body: Aes128gcmBody) {
  const sender = await crypto.subtle.importKey(
    'raw',
    body.senderPublic,
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  );
  // Runtimes read `public`; workerd's types spell it `$public`, the DOM's `public`.
  const ecdh = { name: 'ECDH', public: sender } as unknown as Parameters<
    SubtleCrypto['deriveBits']
  >[0];
  const shared = await crypto.subtle.deriveBits(ecdh, keys.privateKey, 256);
  const keyInfo = Uint8Array.from([
    ...utf8('WebPush: info\0'),
    ...keys.publicBytes,
    ...body.senderPublic,
  ]);
  const ikm = await hkdf(keys.authBytes, shared, keyInfo, 32);
  const cek = await hkdf(body.salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(body.salt, ikm, utf8('Content-Encoding: nonce\0'), 12);
  const aesKey = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const padded = new Uint8Array(
    await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, aesKey, body.ciphertext),
  );
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  return { plaintext: new TextDecoder().decode(padded.slice(0, end)), delimiter: padded[end] };
}
