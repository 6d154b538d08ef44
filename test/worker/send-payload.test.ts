/**
 * The hand-checked path for ordinary sends (send-payload.ts) accepts exactly what the schema
 * accepts, and answers with the same data; everything else is the schema's to refuse.
 */
import { describe, expect, it } from 'vitest';
import { sendMessageSchema } from '../../contract/realtime';
import { ordinarySend, parseSendPayload } from '../../worker/chat/room/send-payload';

const UUID = '3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c';

const payloads: unknown[] = [
  { text: 'hello' },
  { text: '' },
  { text: 'hi', clientId: UUID },
  { text: 'hi', clientId: UUID.toUpperCase() },
  { text: 'hi', clientId: '00000000-0000-0000-0000-000000000000' },
  { text: 'hi', clientId: '3f2b8c1e-9a4d-0e7b-8c2a-1d5e6f7a8b9c' }, // version 0
  { text: 'hi', clientId: '3f2b8c1e-9a4d-4e7b-7c2a-1d5e6f7a8b9c' }, // wrong variant
  { text: 'hi', clientId: `${UUID} ` },
  { text: 'hi', clientId: 42 },
  { text: 'hi', clientId: null },
  { text: 'hi', roomId: 'r'.repeat(100) },
  { text: 'hi', roomId: 'r'.repeat(101) },
  { text: 'hi', roomId: 7 },
  { text: 'hi', roomId: 'room', clientId: UUID },
  { text: 'hi', replyTo: 3 },
  { text: 'hi', replyTo: -3 },
  { text: 'hi', files: ['a'] },
  { text: 'hi', extra: true },
  JSON.parse('{"text":"hi","__proto__":{"polluted":true}}'),
  { text: 5 },
  { clientId: UUID },
  {},
  [],
  ['hi'],
  'hi',
  null,
  undefined,
  42,
];

describe('parseSendPayload', () => {
  it.each(payloads.map((payload) => [JSON.stringify(payload) ?? String(payload), payload]))(
    'agrees with the schema on %s',
    (_, payload) => {
      const schema = sendMessageSchema.safeParse(payload);
      const ours = parseSendPayload(payload);
      expect(ours.success).toBe(schema.success);
      if (schema.success) expect(ours.data).toEqual(schema.data);
      else expect(ours.error?.issues).toEqual(schema.error.issues);
    },
  );

  it('takes the hand-checked path for the everyday send, and the schema for the rest', () => {
    expect(ordinarySend({ text: 'hi', clientId: UUID })).toEqual({ text: 'hi', clientId: UUID });
    expect(ordinarySend({ text: 'hi', roomId: 'room' })).toEqual({ text: 'hi', roomId: 'room' });
    expect(ordinarySend({ text: 'hi', replyTo: 3 })).toBeNull();
    expect(ordinarySend({ text: 'hi', clientId: 'not-a-uuid' })).toBeNull();
  });
});
