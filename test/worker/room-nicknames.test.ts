/**
 * GET /api/rooms/:roomId/nicknames: every member's nickname, for '@' to complete, to members
 * only (a stranger or a kicked person learns nothing, not even that the room exists).
 */
import { describe, expect, it } from 'vitest';
import { signedInClient } from './support/api';
import { ownerAndGuest } from './support/rooms';

describe('GET /api/rooms/:roomId/nicknames', () => {
  it('lists the members’ nicknames to a member, and nothing to anyone else', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Names' });
    const asGuest = await guest.client.call(`/rooms/${roomId}/nicknames`);
    expect(asGuest.status).toBe(200);
    expect(asGuest.body).toEqual({ nicknames: ['Owner', 'Guest'] });
    // Nicknames only: no addresses or ids, as the owner's member list has.
    expect(JSON.stringify(asGuest.body)).not.toContain('@');

    const stranger = await signedInClient();
    const asStranger = await stranger.client.call(`/rooms/${roomId}/nicknames`);
    expect(asStranger.status).toBe(404);
    expect((await stranger.client.call('/rooms/no-such-room/nicknames')).status).toBe(404);

    const kick = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: guest.user.id },
    });
    expect(kick.status).toBe(200);
    expect((await guest.client.call(`/rooms/${roomId}/nicknames`)).status).toBe(404);
    expect((await owner.client.call(`/rooms/${roomId}/nicknames`)).body).toEqual({
      nicknames: ['Owner'],
    });
  });
});
