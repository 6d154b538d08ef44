/**
 * A ticket is `<payload>.<signature>`, both base64url: the payload is the claims' JSON, the
 * signature an HMAC-SHA-256 of the payload's text under the ticket key. Verification compares
 * with crypto.subtle.verify (constant time) before the payload is parsed at all.
 */
import { fromBase64Url, toBase64Url } from '../lib/encoding';
import { isTicketClaims, type TicketClaims } from './ticket-claims';
import { ticketKey } from './ticket-key';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export async function encodeTicket(env: Pick<Env, 'JWT_SECRET'>, claims: TicketClaims) {
  const payload = toBase64Url(encoder.encode(JSON.stringify(claims)));
  const signature = await crypto.subtle.sign('HMAC', await ticketKey(env), encoder.encode(payload));
  return `${payload}.${toBase64Url(new Uint8Array(signature))}`;
}

/** The claims of a ticket whose signature holds, or null; says nothing of expiry or room. */
export async function decodeTicket(
  env: Pick<Env, 'JWT_SECRET'>,
  ticket: string,
): Promise<TicketClaims | null> {
  const [payload, signature, extra] = ticket.split('.');
  if (!payload || !signature || extra !== undefined || ticket.length > 2048) return null;
  const signatureBytes = fromBase64Url(signature);
  if (!signatureBytes) return null;
  const valid = await crypto.subtle.verify(
    'HMAC',
    await ticketKey(env),
    signatureBytes,
    encoder.encode(payload),
  );
  if (!valid) return null;
  const json = fromBase64Url(payload);
  if (!json) return null;
  try {
    const claims: unknown = JSON.parse(decoder.decode(json));
    return isTicketClaims(claims) ? claims : null;
  } catch {
    return null;
  }
}
