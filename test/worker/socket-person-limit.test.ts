/**
 * The message allowance is per person as well as per socket: the attack is opening ten tabs
 * (the most a room accepts) to send ten times the rate. A neighbour's allowance is their own.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SOCKETS_PER_PERSON } from '../../worker/chat/chat-room';
import { createRoom, joinRoom, signedInOwnAddress } from './support/rooms';
import { TestSocket } from './support/socket';

describe('the per-person message allowance', () => {
  it('gives a person with ten sockets no more messages than with one', async () => {
    const owner = await signedInOwnAddress();
    const roomId = await createRoom(owner.client, 'Flood', 'Owner');
    const guest = await signedInOwnAddress();
    await joinRoom(guest.client, roomId, 'Guest');
    const sockets: TestSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_PERSON; i++) {
      sockets.push(await TestSocket.joined(owner.client, roomId, 'Owner'));
    }
    // Three messages from each socket, all at once: 30 asked, the burst of one person is 10.
    const acks = await Promise.all(
      sockets.flatMap((socket, s) =>
        [0, 1, 2].map((i) => socket.emit('sendMessage', { text: `s${s} m${i}`, roomId })),
      ),
    );
    const accepted = acks.filter((ack) => !ack.error).length;
    expect(accepted).toBeGreaterThanOrEqual(10);
    expect(accepted).toBeLessThanOrEqual(12);
    expect(acks.filter((ack) => ack.error === 'You are sending messages too fast')).toHaveLength(
      acks.length - accepted,
    );

    // The guest, in the same room at the same moment, has a full allowance of their own.
    const g = await TestSocket.joined(guest.client, roomId, 'Guest');
    for (let i = 0; i < 5; i++) {
      expect(await g.emit('sendMessage', { text: `guest ${i}`, roomId })).toEqual({});
    }
    g.close();
    sockets.forEach((socket) => socket.close());
  });
});
