/**
 * Web Push with the app closed (issue 35, docs/push.md): the browser's subscription as the API
 * takes it, the payload a push carries (ids only: no text, author or room name pass through the
 * push service) and what the service worker fetches to show.
 */
import { z } from 'zod';
import type { ChatMessage } from './realtime';

/** Subscriptions kept per account: the 11th replaces the account's oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
/** Browsers' endpoints are a few hundred characters; anything this long is not one. */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;

/** Base64url without padding (browsers give the keys so); a trailing '=' is forgiven. */
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** How many bytes a base64url text decodes to (its characters checked by BASE64URL). */
export function base64UrlByteLength(text: string): number {
  const length = text.replace(/=+$/, '').length;
  return Math.floor((length * 3) / 4);
}

function base64UrlKey(name: string, bytes: number, rule: string) {
  return z
    .string({ error: `keys.${name} is required` })
    .max(200, `keys.${name} must be ${rule}`)
    .refine(
      (value) => BASE64URL.test(value) && base64UrlByteLength(value) === bytes,
      `keys.${name} must be ${rule}`,
    );
}

/** `POST /api/push/subscriptions`: a browser's PushSubscription as its toJSON() gives it. */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string({ error: 'endpoint is required' })
    .max(PUSH_ENDPOINT_MAX_LENGTH, 'endpoint is too long'),
  keys: z.object(
    {
      // The uncompressed P-256 point (0x04, x, y) the browser decrypts with; checked further
      // (the 0x04) by the route.
      p256dh: base64UrlKey('p256dh', 65, 'a base64url P-256 public key of 65 bytes'),
      auth: base64UrlKey('auth', 16, 'a base64url secret of 16 bytes'),
    },
    { error: 'keys must be { p256dh, auth }' },
  ),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionBody>;

/** `DELETE /api/push/subscriptions`. */
export const pushUnsubscribeBody = z.object({
  endpoint: z
    .string({ error: 'endpoint is required' })
    .max(PUSH_ENDPOINT_MAX_LENGTH, 'endpoint is too long'),
});

/** `GET /api/push/key`: the VAPID public key, base64url of the 65-byte uncompressed point. */
export interface PushKeyResponse {
  publicKey: string;
}

/** All that a push carries, encrypted to the browser: what to fetch, nothing to read. */
export interface PushPayload {
  roomId: string;
  messageId: number;
}

/**
 * `GET /api/rooms/:roomId/messages/:messageId` (members only): what the service worker shows.
 * `notification` is ready plain text; `message` is the message as history carries it.
 */
export interface RoomMessageResponse {
  roomId: string;
  roomName: string;
  message: ChatMessage;
  notification: { title: string; body: string };
}

/**
 * Its 429 (with Retry-After): each read takes from the person's notification budget in the room
 * (a burst, then five a second; worker/chat/room/message-calls.ts), so the route is no fast way
 * to read a room's whole history. The service worker shows its plain notification then.
 */
export const READING_MESSAGES_TOO_FAST = 'You are loading messages too fast';

/** The app's path of a room's chat (client/app/router.tsx): where a notification's click goes. */
export const chatPath = (roomId: string) => `/chat/${encodeURIComponent(roomId)}`;
