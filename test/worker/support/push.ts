/**
 * A browser's side of Web Push, done by hand for the push tests: a subscription with the test's
 * own P-256 key pair and auth secret, the tests' push service (test/support/push-service.ts)
 * read back, the VAPID header checked (RFC 8292) and a push decrypted (RFC 8291, aes128gcm),
 * all with Web Crypto, independently of the library the worker sends with.
 */
import { env } from 'cloudflare:test';
import { expect, inject } from 'vitest';
import type { Client } from './api';

declare module 'vitest' {
  export interface ProvidedContext {
    pushService: string;
  }
}

export const pushService = () => inject('pushService');

export interface Subscriber {
  /** The endpoint's name at the push service. */
  name: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: CryptoKey;
  publicBytes: Uint8Array;
  authBytes: Uint8Array;
}

export interface ReceivedPush {
  headers: Record<string, string>;
  body: string;
}

export const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export function fromBase64Url(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) =>
    c.charCodeAt(0),
  );
}

/** A new browser: its key pair and auth secret, at an endpoint named `<prefix><random>`. */
export async function newSubscriber(prefix = 'ok-'): Promise<Subscriber> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const raw = (await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer;
  const publicBytes = new Uint8Array(raw);
  const authBytes = crypto.getRandomValues(new Uint8Array(16));
  const name = `${prefix}${crypto.randomUUID()}`;
  return {
    name,
    endpoint: `${pushService()}/push/${name}`,
    keys: { p256dh: base64Url(publicBytes), auth: base64Url(authBytes) },
    privateKey: pair.privateKey,
    publicBytes,
    authBytes,
  };
}

/** Posts the subscription as `client`; fails the test unless it is taken (201). */
export async function subscribe(client: Client, subscriber: Subscriber) {
  const res = await client.call('/push/subscriptions', {
    body: { endpoint: subscriber.endpoint, keys: subscriber.keys },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** What the push service has received at the subscriber's endpoint so far. */
export async function received(subscriber: Subscriber): Promise<ReceivedPush[]> {
  const response = await fetch(`${pushService()}/received/${subscriber.name}`);
  return (await response.json()) as ReceivedPush[];
}

/** Waits until the endpoint has received `count` pushes, and answers them. */
export async function receivedAtLeast(subscriber: Subscriber, count: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pushes = await received(subscriber);
    if (pushes.length >= count) return pushes;
    if (Date.now() > deadline) {
      throw new Error(`${subscriber.name}: ${pushes.length} of ${count} pushes received`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The subscription rows with this endpoint in D1. */
export async function storedRows(endpoint: string) {
  const { results } = await env.DB.prepare(
    'SELECT user_id, p256dh, auth FROM push_subscriptions WHERE endpoint = ?',
  )
    .bind(endpoint)
    .all<{ user_id: string; p256dh: string; auth: string }>();
  return results;
}

/**
 * Checks the push's VAPID header (RFC 8292): `vapid t=<JWT>, k=<the app's public key>`, an
 * ES256 JWT signed by that key for the push service's origin, not expired nor good for more
 * than a day, with a mailto: or https: subject. Answers the JWT's claims.
 */
export async function verifyVapid(push: ReceivedPush) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(push.headers.authorization ?? '');
  expect(match, push.headers.authorization).not.toBeNull();
  const [, token, k] = match!;
  expect(k).toBe((env as { VAPID_PUBLIC_KEY?: string }).VAPID_PUBLIC_KEY);
  const [header, payload, signature] = token!.split('.');
  const decode = (part: string) => JSON.parse(new TextDecoder().decode(fromBase64Url(part)));
  expect(decode(header!)).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  const publicKey = await crypto.subtle.importKey(
    'raw',
    fromBase64Url(k!),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  const valid = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    publicKey,
    fromBase64Url(signature!),
    new TextEncoder().encode(`${header}.${payload}`),
  );
  expect(valid).toBe(true);
  const claims = decode(payload!) as { aud: string; exp: number; sub: string };
  expect(claims.aud).toBe(new URL(pushService()).origin);
  const now = Date.now() / 1000;
  expect(claims.exp).toBeGreaterThan(now);
  expect(claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
  expect(claims.sub).toMatch(/^(mailto:|https:)/);
  return claims;
}

/**
 * Decrypts a push as the browser would (RFC 8291 over RFC 8188): the header's salt, record
 * size and the sender's one-time public key; ECDH with the subscriber's private key; HKDF with
 * the auth secret, then with the salt, to the content key and nonce; AES-128-GCM; the padding
 * delimiter (0x02, the last record) and any zeros after it dropped. Answers the plaintext.
 */
export async function decryptPush(subscriber: Subscriber, push: ReceivedPush): Promise<string> {
  expect(push.headers['content-encoding']).toBe('aes128gcm');
  const body = Uint8Array.from(atob(push.body), (c) => c.charCodeAt(0));
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idLength = body[20]!;
  expect(idLength).toBe(65);
  const senderPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  const sender = await crypto.subtle.importKey(
    'raw',
    senderPublic,
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  );
  // The runtime reads `public` (its types spell it `$public`).
  const ecdh = { name: 'ECDH', public: sender } as unknown as SubtleCryptoDeriveKeyAlgorithm;
  const shared = await crypto.subtle.deriveBits(ecdh, subscriber.privateKey, 256);
  const text = (value: string) => new TextEncoder().encode(value);
  const concat = (...parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  };
  const hkdf = async (salt: Uint8Array, ikm: BufferSource, info: Uint8Array, bytes: number) => {
    const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
    const bits = await crypto.subtle.deriveBits(
      { name: 'HKDF', hash: 'SHA-256', salt, info },
      key,
      bytes * 8,
    );
    return new Uint8Array(bits);
  };
  const keyInfo = concat(text('WebPush: info\0'), subscriber.publicBytes, senderPublic);
  const ikm = await hkdf(subscriber.authBytes, shared, keyInfo, 32);
  const cek = await hkdf(salt, ikm, text('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, text('Content-Encoding: nonce\0'), 12);
  const aesKey = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const padded = new Uint8Array(
    await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, aesKey, ciphertext),
  );
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2); // the delimiter of the last (only) record
  return new TextDecoder().decode(padded.slice(0, end));
}
