/**
 * A room's push queue message (worker/chat/messages/room-push.ts) at its longest still fits in
 * one queue message: Cloudflare Queues refuses one over 128 KB, and the room would then retry
 * it with every flush while the room stays that full, pushing nobody.
 */
import { describe, expect, it } from 'vitest';
import { JOINED_MAX, MARKED_MAX } from '../../worker/chat/messages/room-push';
import type { RoomPushMessage } from '../../worker/push/push-messages';

/** Cloudflare Queues: a message's body at most. */
const MESSAGE_BYTES = 128_000;

describe('the room push message', () => {
  it('fits in one queue message with every list at its longest', () => {
    const member = () => crypto.randomUUID();
    // Message ids as high as a room's ever get (ids only grow; the history keeps 5,000).
    const marked = () =>
      Array.from({ length: MARKED_MAX }, (): [string, number] => [member(), 2 ** 40]);
    const longest: RoomPushMessage = {
      kind: 'room',
      roomId: member(),
      latest: [
        { id: 2 ** 40, authorId: member() },
        { id: 2 ** 40 - 1, authorId: member() },
      ],
      mentions: marked(),
      replies: marked(),
      joined: Array.from({ length: JOINED_MAX }, member),
    };
    const bytes = new TextEncoder().encode(JSON.stringify(longest)).length;
    expect(bytes).toBeLessThan(MESSAGE_BYTES);
  });
});
