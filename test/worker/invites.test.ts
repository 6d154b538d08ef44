/** GET /api/invites/:roomId: the room an invitation names, before anyone joins it. */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { Client, signedInClient } from './support/api';
import { createRoom, joinRoom } from './support/rooms';

describe('GET /api/invites/:roomId', () => {
  it('names the room without joining it', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Book club');
    const visitor = await signedInClient();

    const res = await visitor.client.call(`/invites/${roomId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      roomId,
      name: 'Book club',
      owner: res.body.owner,
      isMember: false,
      banned: false,
    });
    // The owner's nickname in the room: who is inviting, not their email.
    expect(res.body.owner).toMatch(/^nick\d+$/);
    const members = await owner.client.call(`/rooms/${roomId}/members`);
    expect(members.body.members).toHaveLength(1);

    await joinRoom(visitor.client, roomId);
    expect((await visitor.client.call(`/invites/${roomId}`)).body.isMember).toBe(true);
  });

  it('says when the person was removed from the room', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Quiet room');
    const visitor = await signedInClient();
    await env.DB.prepare('INSERT INTO room_bans (room_id, user_id, nickname) VALUES (?, ?, ?)')
      .bind(roomId, visitor.user.id, 'gone')
      .run();
    expect((await visitor.client.call(`/invites/${roomId}`)).body.banned).toBe(true);
  });

  it('answers 404 for a room that does not exist, and 401 without a session', async () => {
    const { client } = await signedInClient();
    const missing = await client.call('/invites/AAAAAAAAAAAAAAAAAAAAAA');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Room not found' });
    expect((await client.call('/invites/not%20an%20id')).status).toBe(404);
    expect((await new Client().call('/invites/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(401);
  });
});
