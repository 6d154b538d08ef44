/**
 * The caps on one person's memberships (docs/security.md#memberships): at most MEMBERSHIPS_MAX
 * ordinary rooms, made or joined by any way there is, and apart from them at most
 * CONVERSATIONS_MAX private conversations, so strangers starting conversations cannot use up
 * anyone's rooms. The cap is in the statement that writes the membership: joins racing at one
 * below it get one in. A rename is no new membership and works at the cap.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CONVERSATIONS_MAX, directMessages } from '../../contract/direct';
import { MEMBERSHIPS_MAX, roomMessages } from '../../contract/rooms';
import { signedInAdmin } from './support/admin';
import { Client, signedInClient } from './support/api';
import { createRoom, joinRoom } from './support/rooms';

/** Puts `userId` in `count` more rooms (or conversations) straight into D1: the API is slow. */
async function fill(userId: string, count: number, conversations = false) {
  const tag = crypto.randomUUID().replaceAll('-', '');
  const statements = [];
  for (let i = 0; i < count; i += 1) {
    const roomId = `filler${tag}${i}`;
    statements.push(
      env.DB.prepare('INSERT INTO rooms (room_id, name, direct_pair) VALUES (?, ?, ?)').bind(
        roomId,
        `Filler ${i}`,
        conversations ? `${userId}:filler${tag}${i}` : null,
      ),
      env.DB.prepare(
        'INSERT INTO memberships (id, room_id, user_id, nickname, nickname_key) VALUES (?, ?, ?, ?, ?)',
      ).bind(`m-${roomId}`, roomId, userId, 'Filler', 'filler'),
    );
  }
  for (let i = 0; i < statements.length; i += 500) {
    await env.DB.batch(statements.slice(i, i + 500));
  }
}

async function membershipCount(userId: string) {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM memberships WHERE user_id = ?')
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

const openDirect = (client: Client, from: string, nickname: string) =>
  client.call(`/rooms/${from}/direct`, { body: { nickname } });

/** A room of someone else's, to join. */
async function someoneElsesRoom(name = 'Elsewhere') {
  const owner = await signedInClient();
  return createRoom(owner.client, name, 'Owner');
}

describe('the cap on rooms', () => {
  it('refuses joining one more room by its id, and writes nothing', async () => {
    const person = await signedInClient();
    await fill(person.user.id, MEMBERSHIPS_MAX);
    const roomId = await someoneElsesRoom();
    const res = await joinRoom(person.client, roomId, 'Person');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(roomMessages.tooManyRooms);
    expect(res.body.error).toContain('1,000');
    expect(await membershipCount(person.user.id)).toBe(MEMBERSHIPS_MAX);
  });

  it('refuses a join by invite link at the cap and gives the link its use back', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Linked', 'Owner');
    const made = await owner.client.call(`/rooms/${roomId}/invites`, { body: { maxUses: 1 } });
    const code = new URL(made.body.inviteUrl).searchParams.get('invite');
    const full = await signedInClient();
    await fill(full.user.id, MEMBERSHIPS_MAX);
    const refused = await full.client.call('/join', { body: { roomId, invite: code } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(roomMessages.tooManyRooms);
    const next = await signedInClient();
    expect((await next.client.call('/join', { body: { roomId, invite: code } })).status).toBe(200);
  });

  it('refuses creating a room at the cap, leaving no room behind', async () => {
    const person = await signedInClient();
    await fill(person.user.id, MEMBERSHIPS_MAX);
    const roomsBefore = await env.DB.prepare(
      "SELECT value FROM counters WHERE name = 'rooms'",
    ).first<{ value: number }>();
    const res = await person.client.call('/join', {
      body: { roomName: 'One too many', activeNickname: 'Person' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(roomMessages.tooManyRooms);
    const made = await env.DB.prepare('SELECT COUNT(*) AS n FROM rooms WHERE created_by = ?')
      .bind(person.user.id)
      .first<{ n: number }>();
    expect(made!.n).toBe(0);
    const roomsAfter = await env.DB.prepare(
      "SELECT value FROM counters WHERE name = 'rooms'",
    ).first<{ value: number }>();
    expect(roomsAfter!.value).toBe(roomsBefore!.value);
  });

  it('gives a refused creation its slot of the hour back', async () => {
    const person = await signedInClient();
    await fill(person.user.id, MEMBERSHIPS_MAX);
    // One more than the 20 creations an hour: were each refusal counted, the last would be 429.
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const res = await person.client.call('/join', {
        body: { roomName: `Refused ${attempt}`, activeNickname: 'Person' },
      });
      expect(res.status).toBe(409);
    }
  });

  it('lets one of two joins racing at one below the cap in', async () => {
    const person = await signedInClient();
    await fill(person.user.id, MEMBERSHIPS_MAX - 1);
    const [first, second] = await Promise.all([someoneElsesRoom('A'), someoneElsesRoom('B')]);
    const answers = await Promise.all([
      joinRoom(person.client, first, 'Person'),
      person.client.call('/join', { body: { roomId: second, activeNickname: 'Person' } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await membershipCount(person.user.id)).toBe(MEMBERSHIPS_MAX);
  });

  it('lets a member at the cap rename themself in a room they are in', async () => {
    const person = await signedInClient();
    const roomId = await someoneElsesRoom();
    expect((await joinRoom(person.client, roomId, 'Before')).status).toBe(200);
    await fill(person.user.id, MEMBERSHIPS_MAX - 1);
    const same = await joinRoom(person.client, roomId, 'Before');
    expect(same.status).toBe(200);
    const renamed = await joinRoom(person.client, roomId, 'After');
    expect(renamed.status).toBe(200);
    expect(renamed.body.activeNickname).toBe('After');
  });

  it('refuses an administrator joining as moderator at the cap', async () => {
    const admin = await signedInAdmin();
    await fill(admin.user.id, MEMBERSHIPS_MAX);
    const roomId = await someoneElsesRoom();
    const res = await admin.client.call(`/admin/join/${roomId}`, { method: 'POST' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(roomMessages.tooManyRooms);
    expect(await membershipCount(admin.user.id)).toBe(MEMBERSHIPS_MAX);
  });
});

describe('the cap on private conversations', () => {
  /** Alice made a room, Bob joined it. */
  async function aliceAndBob() {
    const alice = await signedInClient();
    const bob = await signedInClient();
    const roomId = await createRoom(alice.client, 'Friends', 'Alice');
    expect((await joinRoom(bob.client, roomId, 'Bob')).status).toBe(200);
    return { alice, bob, roomId };
  }

  it('refuses a stranger starting one with a person at the cap, making nothing', async () => {
    const { alice, bob, roomId } = await aliceAndBob();
    await fill(bob.user.id, CONVERSATIONS_MAX, true);
    const res = await openDirect(alice.client, roomId, 'Bob');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(directMessages.theirsFull);
    expect(await membershipCount(alice.user.id)).toBe(1);
    expect(await membershipCount(bob.user.id)).toBe(CONVERSATIONS_MAX + 1);
  });

  it('refuses the person at the cap starting one, in words saying how to end one', async () => {
    const { alice, roomId } = await aliceAndBob();
    await fill(alice.user.id, CONVERSATIONS_MAX, true);
    const res = await openDirect(alice.client, roomId, 'Bob');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(directMessages.tooManyConversations);
  });

  it('still finds a conversation the pair already has, at the cap', async () => {
    const { alice, bob, roomId } = await aliceAndBob();
    expect((await openDirect(alice.client, roomId, 'Bob')).status).toBe(201);
    await fill(bob.user.id, CONVERSATIONS_MAX - 1, true);
    expect((await openDirect(alice.client, roomId, 'Bob')).status).toBe(200);
  });

  it('lets one of two strangers racing at one below the cap start one', async () => {
    const { alice, bob, roomId } = await aliceAndBob();
    const carol = await signedInClient();
    expect((await joinRoom(carol.client, roomId, 'Carol')).status).toBe(200);
    await fill(bob.user.id, CONVERSATIONS_MAX - 1, true);
    const answers = await Promise.all([
      openDirect(alice.client, roomId, 'Bob'),
      openDirect(carol.client, roomId, 'Bob'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });

  it('keeps conversations apart from rooms: strangers cannot use up anyone’s rooms', async () => {
    const { alice, bob, roomId } = await aliceAndBob();
    await fill(bob.user.id, CONVERSATIONS_MAX, true);
    expect((await joinRoom(bob.client, await someoneElsesRoom(), 'Bob')).status).toBe(200);
    await fill(alice.user.id, MEMBERSHIPS_MAX - 1);
    const carol = await signedInClient();
    expect((await joinRoom(carol.client, roomId, 'Carol')).status).toBe(200);
    expect((await openDirect(alice.client, roomId, 'Carol')).status).toBe(201);
  });
});
