/**
 * GET /api/rooms/:roomId/invites: the owner sees the room's live limited links again after a
 * reload (to copy them), and whether the plain /invite?room= link still admits, which the first
 * limited link ends. Nobody else reads them: a limited link is the owner's to give.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { roomMessages } from '../../contract/rooms';
import { signedInAdmin } from './support/admin';
import { Client, signedInClient } from './support/api';
import { createRoom, joinRoom } from './support/rooms';

const codeOf = (inviteUrl: string) => new URL(inviteUrl).searchParams.get('invite') ?? undefined;

async function roomWithOwner() {
  const owner = await signedInClient();
  const roomId = await createRoom(owner.client, 'Listed links');
  return { owner, roomId };
}

const list = (client: Client, roomId: string) => client.call(`/rooms/${roomId}/invites`);

describe('GET /api/rooms/:roomId/invites', () => {
  it('lists nothing at first, and says the room id alone still admits', async () => {
    const { owner, roomId } = await roomWithOwner();
    const res = await list(owner.client, roomId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ links: [], roomIdAdmits: true });
  });

  it('lists the live links, newest first, with their bounds and uses', async () => {
    const { owner, roomId } = await roomWithOwner();
    const once = await owner.client.call(`/rooms/${roomId}/invites`, { body: { maxUses: 3 } });
    await env.DB.prepare('UPDATE room_invites SET created_at = created_at - 1000 WHERE code = ?')
      .bind(codeOf(once.body.inviteUrl))
      .run();
    const day = await owner.client.call(`/rooms/${roomId}/invites`, {
      body: { expiresInHours: 24 },
    });
    const guest = await signedInClient();
    const joined = await guest.client.call('/join', {
      body: { roomId, invite: codeOf(once.body.inviteUrl) },
    });
    expect(joined.status).toBe(200);

    const res = await list(owner.client, roomId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      links: [
        { inviteUrl: day.body.inviteUrl, expiresAt: day.body.expiresAt, uses: 0 },
        { inviteUrl: once.body.inviteUrl, maxUses: 3, uses: 1 },
      ],
      roomIdAdmits: false,
    });
  });

  it('leaves out links that expired or ran out, and every link after a reset', async () => {
    const { owner, roomId } = await roomWithOwner();
    const used = await owner.client.call(`/rooms/${roomId}/invites`, { body: { maxUses: 1 } });
    const expired = await owner.client.call(`/rooms/${roomId}/invites`, { body: {} });
    const open = await owner.client.call(`/rooms/${roomId}/invites`, { body: {} });
    await env.DB.prepare('UPDATE room_invites SET expires_at = ? WHERE code = ?')
      .bind(Date.now() - 1, codeOf(expired.body.inviteUrl))
      .run();
    const guest = await signedInClient();
    await guest.client.call('/join', { body: { roomId, invite: codeOf(used.body.inviteUrl) } });

    const listed = await list(owner.client, roomId);
    expect(listed.body.links).toEqual([{ inviteUrl: open.body.inviteUrl, uses: 0 }]);

    await owner.client.call(`/rooms/${roomId}/invite/reset`, { body: {} });
    expect((await list(owner.client, roomId)).body).toEqual({ links: [], roomIdAdmits: false });
  });

  it('lists at most 50 links', async () => {
    const { owner, roomId } = await roomWithOwner();
    await env.DB.batch(
      Array.from({ length: 60 }, (_, i) =>
        env.DB.prepare('INSERT INTO room_invites (code, room_id) VALUES (?, ?)').bind(
          `${roomId}-${i}`,
          roomId,
        ),
      ),
    );
    expect((await list(owner.client, roomId)).body.links).toHaveLength(50);
  });

  it('is the owner’s alone: members, strangers and the signed-out are refused', async () => {
    const { owner, roomId } = await roomWithOwner();
    const member = await signedInClient();
    await joinRoom(member.client, roomId);
    await owner.client.call(`/rooms/${roomId}/invites`, { body: { maxUses: 5 } });
    const res = await list(member.client, roomId);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Only the room owner can manage its invite links' });
    // An administrator, who may see the room's invite link, is refused as a member is.
    const admin = await signedInAdmin();
    expect((await list(admin.client, roomId)).status).toBe(403);
    // A stranger learns nothing of the room: the answer for a room that does not exist.
    const stranger = await signedInClient();
    for (const asked of [list(stranger.client, roomId), list(stranger.client, 'A'.repeat(22))]) {
      const refused = await asked;
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ error: roomMessages.roomNotFound });
    }
    expect((await list(new Client(), roomId)).status).toBe(401);
    expect((await list(owner.client, 'not-a-room')).status).toBe(404);
  });
});
