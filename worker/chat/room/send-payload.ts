/**
 * Reading a `sendMessage` payload. The everyday one, `{ text, clientId?, roomId? }` and nothing
 * else, is checked by hand: the schema's parse was a twentieth of a message's CPU in the
 * many-rooms bench (issue 36). Anything else (a reply, files, a wrong type, an unknown key) goes
 * through the schema, which also words the refusal. Both accept and answer the same: the tests
 * hold them to it (send-payload.test.ts).
 */
import { z } from 'zod';
import { sendMessageSchema, type SendMessagePayload } from '../../../contract/realtime';

/** The schema's own test of a UUID (z.uuid()), so the two agree on every id. */
const UUID = z.regexes.uuid();
/** sendMessageSchema's bound on roomId. */
const ROOM_ID_MAX = 100;

export function parseSendPayload(raw: unknown): ReturnType<typeof sendMessageSchema.safeParse> {
  const plain = ordinarySend(raw);
  return plain ? { success: true, data: plain } : sendMessageSchema.safeParse(raw);
}

/** The payload when it is an ordinary send the schema would accept as it is; otherwise null. */
export function ordinarySend(raw: unknown): SendMessagePayload | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  for (const key in raw) {
    if (key !== 'text' && key !== 'clientId' && key !== 'roomId') return null;
  }
  const { text, clientId, roomId } = raw as Record<string, unknown>;
  if (typeof text !== 'string') return null;
  const payload: SendMessagePayload = { text };
  if (clientId !== undefined) {
    if (typeof clientId !== 'string' || !UUID.test(clientId)) return null;
    payload.clientId = clientId;
  }
  if (roomId !== undefined) {
    if (typeof roomId !== 'string' || roomId.length > ROOM_ID_MAX) return null;
    payload.roomId = roomId;
  }
  return payload;
}
