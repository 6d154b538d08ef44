/**
 * Revocable invites: the owner resets the room's link (the old one, the room id alone, admits
 * nobody new), and makes links that expire or run out. Members keep coming back as before.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { signedInClient, type Client } from './support/api';
import { createRoom, joinRoom } from './support/rooms';

const codeOf = (inviteUrl: string) => new URL(inviteUrl).searchParams.get('invite') ?? undefined;

function joinWith(client: Client, roomId: string, invite?: string) {
  return client.call('/join', { body: { roomId, invite } });
}

async function roomWithOwner(name = 'Links room') {
  const owner = await signedInClient();
  const roomId = await createRoom(owner.client, name);
  return { owner, roomId };
}

describe('the room link before any reset', () => {
  it('is the spec form, /invite?room=<id>, and the id alone admits', async () => {
    const { owner, roomId } = await roomWithOwner();
    const link = await owner.client.call(`/rooms/${roomId}/invite`);
    expect(link.status).toBe(200);
    expect(link.body).toEqual({
      inviteUrl: `http://localhost/invite?room=${roomId}`,
      canManage: true,
    });
    const guest = await signedInClient();
    expect((await joinRoom(guest.client, roomId)).status).toBe(200);
  });

  it('is only given to members', async () => {
    const { roomId } = await roomWithOwner();
    const stranger = await signedInClient();
    const res = await stranger.client.call(`/rooms/${roomId}/invite`);
    expect(res.status).toBe(404);
  });
});

describe('POST /api/rooms/:roomId/invite/reset', () => {
  it('gives a new link, and the old one admits no one new', async () => {
    const { owner, roomId } = await roomWithOwner();
    const reset = await owner.client.call(`/rooms/${roomId}/invite/reset`, { body: {} });
    expect(reset.status).toBe(200);
    const code = codeOf(reset.body.inviteUrl);
    expect(reset.body.inviteUrl).toBe(`http://localhost/invite?room=${roomId}&invite=${code}`);

    const late = await signedInClient();
    const refused = await joinRoom(late.client, roomId);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/no longer valid/);
    expect((await late.client.call(`/invites/${roomId}`)).status).toBe(404);

    expect((await late.client.call(`/invites/${roomId}?invite=${code}`)).status).toBe(200);
    expect((await joinWith(late.client, roomId, code)).status).toBe(200);
  });

  it('revokes the links made before it, and members share the new one', async () => {
    const { owner, roomId } = await roomWithOwner();
    const member = await signedInClient();
    await joinRoom(member.client, roomId);
    const first = await owner.client.call(`/rooms/${roomId}/invite/reset`, { body: {} });
    const second = await owner.client.call(`/rooms/${roomId}/invite/reset`, { body: {} });
    expect(codeOf(first.body.inviteUrl)).not.toBe(codeOf(second.body.inviteUrl));

    const shared = await member.client.call(`/rooms/${roomId}/invite`);
    expect(shared.body).toEqual({ inviteUrl: second.body.inviteUrl, canManage: false });
    const guest = await signedInClient();
    expect((await joinWith(guest.client, roomId, codeOf(first.body.inviteUrl))).status).toBe(403);
    // A member comes back, or changes nickname, without any link.
    expect((await joinRoom(member.client, roomId, 'renamed')).status).toBe(200);
  });

  it('is the owner’s alone', async () => {
    const { roomId } = await roomWithOwner();
    const member = await signedInClient();
    await joinRoom(member.client, roomId);
    const res = await member.client.call(`/rooms/${roomId}/invite/reset`, { body: {} });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Only the room owner can manage its invite links');
  });

  it('keeps a kicked person out under a new account', async () => {
    const { owner, roomId } = await roomWithOwner();
    const kicked = await signedInClient();
    await joinRoom(kicked.client, roomId);
    const kick = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: kicked.user.id },
    });
    expect(kick.status).toBe(200);
    await owner.client.call(`/rooms/${roomId}/invite/reset`, { body: {} });

    const again = await signedInClient();
    expect((await joinRoom(again.client, roomId)).status).toBe(403);
  });
});

describe('POST /api/rooms/:roomId/invites', () => {
  it('makes a link that admits as many people as it says', async () => {
    const { owner, roomId } = await roomWithOwner();
    const made = await owner.client.call(`/rooms/${roomId}/invites`, { body: { maxUses: 1 } });
    expect(made.status).toBe(201);
    expect(made.body.maxUses).toBe(1);
    expect(made.body.expiresAt).toBeUndefined();
    const code = codeOf(made.body.inviteUrl);

    // Making one turns links on: the room id alone no longer admits.
    const first = await signedInClient();
    expect((await joinRoom(first.client, roomId)).status).toBe(403);
    expect((await joinWith(first.client, roomId, code)).status).toBe(200);
    const second = await signedInClient();
    expect((await joinWith(second.client, roomId, code)).status).toBe(403);
  });

  it('gives one use to one of two people racing for it', async () => {
    const { owner, roomId } = await roomWithOwner();
    const made = await owner.client.call(`/rooms/${roomId}/invites`, { body: { maxUses: 1 } });
    const code = codeOf(made.body.inviteUrl);
    const racers = await Promise.all([signedInClient(), signedInClient(), signedInClient()]);
    const answers = await Promise.all(racers.map((r) => joinWith(r.client, roomId, code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403]);
  });

  it('gives the use back when the join fails on a taken nickname', async () => {
    const { owner, roomId } = await roomWithOwner();
    const made = await owner.client.call(`/rooms/${roomId}/invites`, { body: { maxUses: 1 } });
    const code = codeOf(made.body.inviteUrl);
    const taken = (await owner.client.call(`/invites/${roomId}`)).body.owner as string;
    const guest = await signedInClient();
    const clash = await guest.client.call('/join', {
      body: { roomId, invite: code, activeNickname: taken },
    });
    expect(clash.status).toBe(409);
    expect((await joinWith(guest.client, roomId, code)).status).toBe(200);
  });

  it('makes a link that expires', async () => {
    const { owner, roomId } = await roomWithOwner();
    const before = Date.now();
    const made = await owner.client.call(`/rooms/${roomId}/invites`, {
      body: { expiresInHours: 24 },
    });
    expect(made.status).toBe(201);
    expect(made.body.expiresAt).toBeGreaterThanOrEqual(before + 24 * 3_600_000);
    const code = codeOf(made.body.inviteUrl);
    await env.DB.prepare('UPDATE room_invites SET expires_at = ? WHERE code = ?')
      .bind(Date.now() - 1, code)
      .run();
    const late = await signedInClient();
    expect((await late.client.call(`/invites/${roomId}?invite=${code}`)).status).toBe(404);
    expect((await joinWith(late.client, roomId, code)).status).toBe(403);
  });

  it('refuses bounds it cannot honour and callers who are not the owner', async () => {
    const { owner, roomId } = await roomWithOwner();
    for (const body of [{ maxUses: 0 }, { expiresInHours: 0 }, { expiresInHours: 1.5 }]) {
      const res = await owner.client.call(`/rooms/${roomId}/invites`, { body });
      expect(res.status).toBe(400);
    }
    const member = await signedInClient();
    await joinRoom(member.client, roomId);
    const res = await member.client.call(`/rooms/${roomId}/invites`, { body: { maxUses: 5 } });
    expect(res.status).toBe(403);
  });

  it('never lets racing creations take the room past 50 live links', async () => {
    const { owner, roomId } = await roomWithOwner();
    // 45 live links already (written directly, faster than 45 calls), then 12 asked at once.
    await env.DB.batch(
      Array.from({ length: 45 }, (_, i) =>
        env.DB.prepare('INSERT INTO room_invites (code, room_id) VALUES (?, ?)').bind(
          `${roomId}-${i}`,
          roomId,
        ),
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => owner.client.call(`/rooms/${roomId}/invites`, { body: {} })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatch(/too many invite links/);
    }
    const live = await env.DB.prepare('SELECT COUNT(*) AS n FROM room_invites WHERE room_id = ?')
      .bind(roomId)
      .first<{ n: number }>();
    expect(live?.n).toBe(50);
  });

  it('keeps links of another room from admitting here', async () => {
    const { owner, roomId } = await roomWithOwner();
    const other = await createRoom(owner.client, 'Other room');
    const made = await owner.client.call(`/rooms/${other}/invites`, { body: {} });
    await owner.client.call(`/rooms/${roomId}/invite/reset`, { body: {} });
    const guest = await signedInClient();
    expect((await joinWith(guest.client, roomId, codeOf(made.body.inviteUrl))).status).toBe(403);
  });
});
