/**
 * A kick is a ban: the kicked person cannot walk back in through the invite link (which is just
 * POST /api/join with the room id) until the room's owner or an administrator lifts it.
 */
import { describe, expect, it } from 'vitest';
import { Client, signedInClient } from './support/api';
import { signedInAdmin } from './support/admin';
import { createRoom, joinRoom } from './support/rooms';

const BANNED = { error: 'You have been banned from this room' };

/** A room with its owner, a member about to be kicked (as 'Bob') and a bystander. */
async function roomWithKickedMember() {
  const owner = await signedInClient();
  const roomId = await createRoom(owner.client, 'Guarded', 'Owner');
  const bob = await signedInClient();
  const bystander = await signedInClient();
  expect((await joinRoom(bob.client, roomId, 'Bob')).status).toBe(200);
  expect((await joinRoom(bystander.client, roomId, 'Carol')).status).toBe(200);
  const kick = await owner.client.call(`/rooms/${roomId}/kick`, {
    body: { targetUserId: bob.user.id },
  });
  expect(kick.status).toBe(200);
  return { owner, bob, bystander, roomId, kick };
}

const unban = (client: Client, roomId: string, userId: string) =>
  client.call(`/rooms/${roomId}/bans/${userId}`, { method: 'DELETE' });

describe('kicking bans the member from the room', () => {
  it('names the kicked member by nickname, not by internal id', async () => {
    const { bob, kick } = await roomWithKickedMember();
    expect(kick.body).toEqual({ success: true, message: 'User Bob kicked successfully.' });
    expect(kick.body.message).not.toContain(bob.user.id);
  });

  it('refuses the kicked member’s rejoin under any nickname; other members still join', async () => {
    const { bob, bystander, roomId } = await roomWithKickedMember();
    for (const nickname of ['Bob', 'NotBob', undefined]) {
      const again = await joinRoom(bob.client, roomId, nickname);
      expect(again.status).toBe(403);
      expect(again.body).toEqual(BANNED);
    }
    expect((await bob.client.call('/rooms')).body).toEqual([]);
    const me = await bob.client.call('/auth/login/current');
    expect(me.body.user.roomId).not.toBe(roomId);

    expect((await joinRoom(bystander.client, roomId, 'Carol')).status).toBe(200);
    const newcomer = await signedInClient();
    expect((await joinRoom(newcomer.client, roomId, 'Dave')).status).toBe(200);
  });

  it('bans only from that room: the kicked member can still create and join others', async () => {
    const { bob } = await roomWithKickedMember();
    const elsewhere = await signedInClient();
    const otherRoom = await createRoom(elsewhere.client, 'Elsewhere');
    expect((await joinRoom(bob.client, otherRoom, 'Bob')).status).toBe(200);
    expect((await bob.client.call('/join', { body: { roomName: 'Mine' } })).status).toBe(200);
  });
});

describe('GET /api/rooms/:roomId/bans', () => {
  it('shows the owner and administrators who was removed, newest first', async () => {
    const { owner, bob, bystander, roomId } = await roomWithKickedMember();
    await owner.client.call(`/rooms/${roomId}/kick`, { body: { targetUserId: bystander.user.id } });
    const expected = {
      bans: [
        { userId: bystander.user.id, nickname: 'Carol', bannedAt: expect.any(Number) },
        { userId: bob.user.id, nickname: 'Bob', bannedAt: expect.any(Number) },
      ],
    };
    const asOwner = await owner.client.call(`/rooms/${roomId}/bans`);
    expect(asOwner.status).toBe(200);
    expect(asOwner.body).toEqual(expected);
    expect(asOwner.body.bans[0].bannedAt).toBeGreaterThanOrEqual(asOwner.body.bans[1].bannedAt);
    const admin = await signedInAdmin();
    expect((await admin.client.call(`/rooms/${roomId}/bans`)).body).toEqual(expected);
  });

  it('refuses members, the banned themselves and anonymous callers', async () => {
    const { owner, bob, roomId } = await roomWithKickedMember();
    const member = await signedInClient();
    await joinRoom(member.client, roomId, 'Member');
    const asMember = await member.client.call(`/rooms/${roomId}/bans`);
    expect(asMember.status).toBe(403);
    expect(asMember.body.bans).toBeUndefined();
    expect((await bob.client.call(`/rooms/${roomId}/bans`)).status).toBe(403);
    expect((await new Client().call(`/rooms/${roomId}/bans`)).status).toBe(401);
    // Bans of one room are not readable through another room the caller owns.
    const ownRoom = await createRoom(member.client, 'Own');
    expect((await member.client.call(`/rooms/${ownRoom}/bans`)).body).toEqual({ bans: [] });
    expect((await owner.client.call(`/rooms/${roomId}/bans`)).body.bans).toHaveLength(1);
  });
});

describe('DELETE /api/rooms/:roomId/bans/:userId', () => {
  it('lets the owner lift a ban, after which the person can join again', async () => {
    const { owner, bob, roomId } = await roomWithKickedMember();
    expect((await joinRoom(bob.client, roomId, 'Bob')).body).toEqual(BANNED);
    const res = await unban(owner.client, roomId, bob.user.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'User Bob unbanned.' });
    expect((await owner.client.call(`/rooms/${roomId}/bans`)).body).toEqual({ bans: [] });
    expect((await joinRoom(bob.client, roomId, 'Bob')).status).toBe(200);
  });

  it('lets an administrator lift a ban in any room, and logs it', async () => {
    const { bob, roomId } = await roomWithKickedMember();
    const admin = await signedInAdmin();
    expect((await joinRoom(bob.client, roomId)).body).toEqual(BANNED);
    expect((await unban(admin.client, roomId, bob.user.id)).status).toBe(200);
    expect((await joinRoom(bob.client, roomId)).status).toBe(200);
    const event = await findEvent(admin.client, 'member_unbanned', bob.user.id);
    expect(event.details).toMatchObject({ roomId, unbannedUserId: bob.user.id, byRole: 'admin' });
  });

  it('refuses members and the banned person themselves; the ban stays', async () => {
    const { owner, bob, bystander, roomId } = await roomWithKickedMember();
    const byMember = await unban(bystander.client, roomId, bob.user.id);
    expect(byMember.status).toBe(403);
    const bySelf = await unban(bob.client, roomId, bob.user.id);
    expect(bySelf.status).toBe(403);
    expect((await unban(new Client(), roomId, bob.user.id)).status).toBe(401);
    expect((await joinRoom(bob.client, roomId)).body).toEqual(BANNED);
    expect((await owner.client.call(`/rooms/${roomId}/bans`)).body.bans).toHaveLength(1);
  });

  it('answers 404 for someone who is not banned, and for a second unban', async () => {
    const { owner, bob, bystander, roomId } = await roomWithKickedMember();
    const notBanned = await unban(owner.client, roomId, bystander.user.id);
    expect(notBanned.status).toBe(404);
    expect(notBanned.body).toEqual({ error: 'That user is not banned from this room' });
    expect((await unban(owner.client, roomId, bob.user.id)).status).toBe(200);
    expect((await unban(owner.client, roomId, bob.user.id)).status).toBe(404);
  });

  it('lifts a ban only in its own room', async () => {
    const { bob, roomId } = await roomWithKickedMember();
    const other = await signedInClient();
    const otherRoom = await createRoom(other.client, 'Other');
    expect((await unban(other.client, otherRoom, bob.user.id)).status).toBe(404);
    expect((await joinRoom(bob.client, roomId)).body).toEqual(BANNED);
  });
});

/** The security log is written after the response; poll it briefly. */
async function findEvent(admin: Client, eventType: string, aboutUserId: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const logs = await admin.call('/admin/security/logs?limit=500');
    const event = logs.body.events.find(
      (e: { eventType: string; details: { unbannedUserId?: string } }) =>
        e.eventType === eventType && e.details.unbannedUserId === aboutUserId,
    );
    if (event) return event;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${eventType} event about ${aboutUserId}`);
}
