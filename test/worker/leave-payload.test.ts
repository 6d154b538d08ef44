/**
 * `leave { room }` (contract/realtime.ts leaveSchema): a leave naming another room, or with a
 * payload the schema refuses, is refused as the other events refuse theirs and leaves the
 * socket joined; one naming this room, or none (older clients), leaves it.
 */
import { describe, expect, it } from 'vitest';
import { post, refusedWith } from './support/messages';
import { ownerAndGuestJoined } from './support/rooms';

describe('leave', () => {
  it('refuses a leave naming another room, and the socket stays joined', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Leave' });
    expect(await b.emit('leave', { room: 'another-room-id' })).toEqual(refusedWith('wrong_room'));
    expect(await b.emit('leave', { room: 42 })).toEqual(refusedWith('invalid_payload'));
    expect(await b.emit('sendMessage', { text: 'still here', roomId })).toEqual({});
    expect((await post(b, roomId, 'and here')).user).toBe('Guest');

    expect(await b.emit('leave', { room: roomId })).toEqual({ result: 'You left the room' });
    expect(await b.emit('sendMessage', { text: 'gone', roomId })).toEqual(
      refusedWith('not_joined'),
    );
    expect(await a.emit('leave')).toEqual({ result: 'You left the room' });
    a.close();
    b.close();
  });
});
