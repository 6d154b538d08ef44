/**
 * One push to one browser (RFC 8030): the payload `{ roomId, messageId }` encrypted to the
 * browser's keys as RFC 8291 `aes128gcm` by @block65/webcrypto-web-push, a VAPID header
 * (vapid.ts), a TTL, a Topic per room (a phone that was away gets the room's newest push, not
 * fifty) and an Urgency. Only the endpoint's own host and port are fetched, without following
 * redirects.
 */
import { encryptNotification } from '@block65/webcrypto-web-push';
import type { PushPayload } from '../../contract/push';
import { toBase64Url } from '../lib/encoding';
import type { Delivery } from './push-messages';
import { vapidAuthorization } from './vapid';

/** A day: a push not delivered by then is stale (the room shows the message anyway). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that has not answered by then is counted as failed (and tried again). */
const FETCH_TIMEOUT_MS = 10_000;

export interface Signer {
  key: CryptoKey;
  publicKey: string;
  subject: string;
  /** Tokens by audience, made once per consumer run. */
  tokens: Map<string, Promise<string>>;
}

/** What came of a push: sent, gone (404/410: forget the subscription), retry later, or failed. */
export type PushOutcome = 'sent' | 'gone' | 'retry' | 'failed';

/** The Topic of a room's pushes: 32 characters of base64url, from the room id's SHA-256. */
export async function roomTopic(roomId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(roomId));
  return toBase64Url(new Uint8Array(digest)).slice(0, 32);
}

export async function sendPush(
  delivery: Delivery,
  roomId: string,
  topic: string,
  signer: Signer,
): Promise<PushOutcome> {
  const payload: PushPayload = { roomId, messageId: delivery.messageId };
  const subscription = {
    endpoint: delivery.endpoint,
    expirationTime: null,
    keys: { p256dh: delivery.p256dh, auth: delivery.auth },
  };
  const body = await encryptNotification(
    subscription,
    new TextEncoder().encode(JSON.stringify(payload)),
    // The payload is ids alone, so its length tells nothing worth padding away.
    { pad: false },
  );
  const audience = new URL(delivery.endpoint).origin;
  let token = signer.tokens.get(audience);
  if (!token) {
    token = vapidAuthorization(signer.key, signer.publicKey, audience, signer.subject);
    signer.tokens.set(audience, token);
  }
  let response: Response;
  try {
    response = await fetch(delivery.endpoint, {
      method: 'POST',
      headers: {
        Authorization: await token,
        TTL: String(PUSH_TTL_SECONDS),
        Topic: topic,
        Urgency: delivery.urgent ? 'high' : 'normal',
        'Content-Encoding': 'aes128gcm',
        'Content-Type': 'application/octet-stream',
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    console.error(`[push] ${audience} unreachable:`, error);
    return 'retry';
  }
  await response.body?.cancel();
  return outcomeOf(response.status, audience);
}

function outcomeOf(status: number, audience: string): PushOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) {
    console.warn(`[push] ${audience} answered ${status}: tried again later`);
    return 'retry';
  }
  console.error(`[push] ${audience} refused a push: ${status}`);
  return 'failed';
}
