/**
 * VAPID (RFC 8292): the `Authorization: vapid t=<JWT>, k=<public key>` header that tells a push
 * service the push comes from the holder of the key its browser subscribed with. The JWT is
 * ES256 (ECDSA P-256, SHA-256, the raw r||s signature JWS asks for, which Web Crypto gives),
 * signed by @tsndr/cloudflare-worker-jwt; `aud` is the push service's origin.
 */
import jwt from '@tsndr/cloudflare-worker-jwt';
import { fromBase64Url, toBase64Url } from '../lib/encoding';
import type { VapidKeys } from './push-config';

/** How long a token is good for: RFC 8292 allows at most 24 hours. */
const TOKEN_SECONDS = 12 * 60 * 60;

/** The signing key from the base64url public point and private scalar. */
export async function vapidSigningKey(keys: VapidKeys): Promise<CryptoKey> {
  const point = fromBase64Url(keys.publicKey.replace(/=+$/, ''));
  if (!point || point.length !== 65 || point[0] !== 0x04) {
    throw new Error('VAPID_PUBLIC_KEY must be base64url of a 65-byte uncompressed P-256 point');
  }
  const jwk: JsonWebKey = {
    kty: 'EC',
    crv: 'P-256',
    x: toBase64Url(point.slice(1, 33)),
    y: toBase64Url(point.slice(33, 65)),
    d: keys.privateKey.replace(/=+$/, ''),
  };
  return crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
  ]);
}

/** The Authorization header for pushes to `audience` (a push service's origin). */
export async function vapidAuthorization(
  key: CryptoKey,
  publicKey: string,
  audience: string,
  subject: string,
): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + TOKEN_SECONDS;
  const token = await jwt.sign({ aud: audience, exp, sub: subject }, key, {
    algorithm: 'ES256',
    header: { typ: 'JWT' },
  });
  return `vapid t=${token}, k=${publicKey.replace(/=+$/, '')}`;
}
