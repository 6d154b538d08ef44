/**
 * The key that signs socket tickets: HMAC-SHA-256 with a key derived from JWT_SECRET by HKDF,
 * never JWT_SECRET itself. A session cookie (an HS256 JWT under the raw secret) therefore never
 * verifies as a ticket, nor a ticket as a cookie, and the derivation's `info` names the purpose
 * so a later key derived for something else cannot stand in for this one either.
 */
const INFO = new TextEncoder().encode('chat-rooms socket ticket v1');
/** Fixed and public: HKDF's salt only separates uses, and the secret carries the entropy. */
const SALT = new TextEncoder().encode('chat-rooms/tickets');

let cached: { secret: string; key: Promise<CryptoKey> } | null = null;

export class TicketKeyMissing extends Error {}

/** The isolate derives the key once per secret; every sign and verify after that is one HMAC. */
export function ticketKey(env: Pick<Env, 'JWT_SECRET'>): Promise<CryptoKey> {
  const secret = env.JWT_SECRET;
  // The session cookie refuses to sign with a missing or short secret too (session-cookie.ts).
  if (!secret || secret.length < 32) throw new TicketKeyMissing('JWT_SECRET is not set');
  if (cached?.secret !== secret) cached = { secret, key: derive(secret) };
  return cached.key;
}

async function derive(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    'HKDF',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: SALT, info: INFO },
    material,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign', 'verify'],
  );
}
