/**
 * Direct messages (issue 35 item 4): 'Message privately' opens one room per pair, created on
 * first use and found again by either person, even when both click at once; it is named after
 * the other person on each side and listed with `direct`; a block ends it for both and keeps
 * it from being opened again, in either direction, without saying who blocked whom.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { directMessages } from '../../contract/direct';
import { roomMessages } from '../../contract/rooms';
import { openDb } from '../../worker/db/client';
import { openDirect } from '../../worker/direct/open-direct';
import { signedInClient } from './support/api';
import { d1BeforeBatch, userRow } from './support/held-d1';
import { roomListEntry, post } from './support/messages';
import { createRoom, joinRoom } from './support/rooms';
import { TestSocket } from './support/socket';

/** Alice made a room, Bob joined it; Carol exists elsewhere. */
async function aliceAndBob() {
  const alice = await signedInClient();
  const bob = await signedInClient();
  const roomId = await createRoom(alice.client, 'Friends', 'Alice');
  expect((await joinRoom(bob.client, roomId, 'Bob')).status).toBe(200);
  return { alice, bob, roomId };
}

const open = (
  client: Awaited<ReturnType<typeof signedInClient>>['client'],
  from: string,
  nickname: string,
) => client.call(`/rooms/${from}/direct`, { body: { nickname } });

async function rowsOfPair(roomId: string) {
  const room = await env.DB.prepare('SELECT direct_pair, created_by FROM rooms WHERE room_id = ?')
    .bind(roomId)
    .first<{ direct_pair: string | null; created_by: string | null }>();
  const members = await env.DB.prepare(
    'SELECT user_id, nickname FROM memberships WHERE room_id = ?',
  )
    .bind(roomId)
    .all<{ user_id: string; nickname: string }>();
  return { room, members: members.results };
}

describe('opening a private conversation', () => {
  it('creates it on first use and finds it again, whoever opens it', async () => {
    const { alice, bob, roomId } = await aliceAndBob();
    const first = await open(alice.client, roomId, 'Bob');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      roomId: expect.any(String),
      activeNickname: 'Alice',
      created: true,
    });
    const direct = first.body.roomId as string;
    expect(direct).not.toBe(roomId);

    const again = await open(alice.client, roomId, 'bob');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ roomId: direct, activeNickname: 'Alice', created: false });
    const fromBob = await open(bob.client, roomId, 'ALICE');
    expect(fromBob.status).toBe(200);
    expect(fromBob.body).toEqual({ roomId: direct, activeNickname: 'Bob', created: false });

    const { room, members } = await rowsOfPair(direct);
    expect(room?.direct_pair).toBe([alice.user.id, bob.user.id].sort().join(':'));
    // Nobody owns it: no moderation, no links.
    expect(room?.created_by).toBeNull();
    expect(members.map((m) => m.nickname).sort()).toEqual(['Alice', 'Bob']);
  });

  it('makes one room when both click at once', async () => {
    const { alice, bob, roomId } = await aliceAndBob();
    const [a, b] = await Promise.all([
      open(alice.client, roomId, 'Bob'),
      open(bob.client, roomId, 'Alice'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.roomId).toBe(b.body.roomId);
    expect([a.body.created, b.body.created].filter(Boolean)).toHaveLength(1);
    const pair = [alice.user.id, bob.user.id].sort().join(':');
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM rooms WHERE direct_pair = ?')
      .bind(pair)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
    expect((await rowsOfPair(a.body.roomId)).members).toHaveLength(2);
  });

  it('is not offered with yourself, nor with someone who is not in the room', async () => {
    const { alice, roomId } = await aliceAndBob();
    const carol = await signedInClient();
    await createRoom(carol.client, 'Elsewhere', 'Carol');
    const self = await open(alice.client, roomId, 'alice');
    expect(self.status).toBe(400);
    expect(self.body.error).toBe(directMessages.notYourself);
    const absent = await open(alice.client, roomId, 'Carol');
    expect(absent.status).toBe(404);
    expect(absent.body.error).toBe(directMessages.notInRoom);
    const empty = await open(alice.client, roomId, '  ');
    expect(empty.status).toBe(400);
  });

  it('refuses a caller who is not a member of the room, or is banned from it', async () => {
    const { alice, bob, roomId } = await aliceAndBob();
    const carol = await signedInClient();
    const stranger = await open(carol.client, roomId, 'Bob');
    expect(stranger.status).toBe(404);
    // Kicked: banned from the room, and so from reaching its members from it.
    const kick = await alice.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: bob.user.id },
    });
    expect(kick.status).toBe(200);
    expect((await open(bob.client, roomId, 'Alice')).status).toBe(404);
    // Nor may Alice reach Bob through it: he is no longer a member.
    expect((await open(alice.client, roomId, 'Bob')).status).toBe(404);
    expect((await open(alice.client, 'not-a-room!', 'Bob')).status).toBe(404);
  });
});

async function pairRooms(a: string, b: string) {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM rooms WHERE direct_pair = ?')
    .bind([a, b].sort().join(':'))
    .first<{ n: number }>();
  return row!.n;
}

describe('opening while a kick or an account deletion lands', () => {
  /** Alice and Bob in a room, and a database on which Bob is kicked just before the batch. */
  async function bobKickedBeforeTheBatch() {
    const { alice, bob, roomId } = await aliceAndBob();
    const db = openDb(
      d1BeforeBatch(async () => {
        const kick = await alice.client.call(`/rooms/${roomId}/kick`, {
          body: { targetUserId: bob.user.id },
        });
        expect(kick.status).toBe(200);
      }),
    );
    return { alice, bob, roomId, db };
  }

  it('refuses a caller kicked from the room between the checks and the batch', async () => {
    const { alice, bob, roomId, db } = await bobKickedBeforeTheBatch();
    const opened = openDirect(db, await userRow(bob.user.id), roomId, { nickname: 'Alice' });
    await expect(opened).rejects.toMatchObject({ status: 404, message: roomMessages.roomNotFound });
    expect(await pairRooms(alice.user.id, bob.user.id)).toBe(0);
  });

  it('refuses to reach someone kicked from the room meanwhile', async () => {
    const { alice, bob, roomId, db } = await bobKickedBeforeTheBatch();
    const opened = openDirect(db, await userRow(alice.user.id), roomId, { nickname: 'Bob' });
    await expect(opened).rejects.toMatchObject({ status: 404, message: directMessages.notInRoom });
    expect(await pairRooms(alice.user.id, bob.user.id)).toBe(0);
  });

  it('answers 404, not a foreign-key failure, when the other deleted their account meanwhile', async () => {
    const { alice, bob, roomId } = await aliceAndBob();
    const db = openDb(
      d1BeforeBatch(async () => {
        await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(bob.user.id).run();
      }),
    );
    const opened = openDirect(db, await userRow(alice.user.id), roomId, { nickname: 'Bob' });
    await expect(opened).rejects.toMatchObject({ status: 404, message: directMessages.notInRoom });
    expect(await pairRooms(alice.user.id, bob.user.id)).toBe(0);
  });
});

describe('its name and place in the room list', () => {
  it('is named after the other person on each side and marked direct', async () => {
    const { alice, bob, roomId } = await aliceAndBob();
    const direct = (await open(alice.client, roomId, 'Bob')).body.roomId as string;
    const forAlice = await roomListEntry(alice.client, direct);
    const forBob = await roomListEntry(bob.client, direct);
    expect(forAlice).toMatchObject({
      name: 'Bob',
      direct: true,
      activeNickname: 'Alice',
      isOwner: false,
    });
    expect(forBob).toMatchObject({
      name: 'Alice',
      direct: true,
      activeNickname: 'Bob',
      isOwner: false,
    });
    const ordinary = await roomListEntry(alice.client, roomId);
    expect(ordinary?.name).toBe('Friends');
    expect(ordinary).not.toHaveProperty('direct');
    // The invitation screen names it the same way for its members.
    const preview = await bob.client.call(`/invites/${direct}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ name: 'Alice', isMember: true });
  });

  it('works like a room: both join it and talk', async () => {
    const { alice, bob, roomId } = await aliceAndBob();
    const direct = (await open(alice.client, roomId, 'Bob')).body.roomId as string;
    const a = await TestSocket.joined(alice.client, direct, 'Alice');
    const b = await TestSocket.joined(bob.client, direct, 'Bob');
    const sent = await post(a, direct, 'just between us');
    const heard = await b.waitForEvent('message');
    expect(heard.some((m) => m.id === sent.id && m.user === 'Alice')).toBe(true);
    // What Bob's service worker shows for a push names the conversation after Alice.
    const forPush = await bob.client.call(`/rooms/${direct}/messages/${sent.id}`);
    expect(forPush.status).toBe(200);
    expect(forPush.body).toMatchObject({
      roomName: 'Alice',
      notification: { title: 'Alice', body: 'Alice: just between us' },
    });
    a.close();
    b.close();
  });
});

describe('blocking', () => {
  it('ends the conversation for both: sockets told, room gone, no reopening either way', async () => {
    const { alice, bob, roomId } = await aliceAndBob();
    const direct = (await open(alice.client, roomId, 'Bob')).body.roomId as string;
    const a = await TestSocket.joined(alice.client, direct, 'Alice');
    const b = await TestSocket.joined(bob.client, direct, 'Bob');
    await post(a, direct, 'hello');

    const blocked = await bob.client.call(`/rooms/${direct}/block`, { method: 'POST' });
    expect(blocked.status).toBe(200);
    for (const socket of [a, b]) {
      expect((await socket.waitForEvent('room-deleted'))[0]).toEqual({ roomId: direct });
      await socket.waitForClose();
    }
    const { room, members } = await rowsOfPair(direct);
    expect(room).toBeNull();
    expect(members).toHaveLength(0);
    expect(await roomListEntry(alice.client, direct)).toBeUndefined();
    expect(await roomListEntry(bob.client, direct)).toBeUndefined();
    // Neither can come back into it.
    const { answer } = await TestSocket.connect(alice.client, direct);
    expect(answer.startsWith('44')).toBe(true);
    expect((await alice.client.call('/join', { body: { roomId: direct } })).status).toBe(404);

    // Neither can open a new one; both hear the same sentence, so nobody learns who blocked.
    const fromAlice = await open(alice.client, roomId, 'Bob');
    const fromBob = await open(bob.client, roomId, 'Alice');
    for (const refused of [fromAlice, fromBob]) {
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(directMessages.blocked);
    }
    // The blocker sees whom they blocked, by the name they knew; the blocked sees nothing.
    const bobsBlocks = await bob.client.call('/blocks');
    expect(bobsBlocks.body.blocks).toEqual([
      { id: expect.any(String), nickname: 'Alice', blockedAt: expect.any(Number) },
    ]);
    expect((await alice.client.call('/blocks')).body.blocks).toEqual([]);
    // Only the blocker can lift it.
    const blockId = bobsBlocks.body.blocks[0].id as string;
    expect((await alice.client.call(`/blocks/${blockId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await open(alice.client, roomId, 'Bob')).status).toBe(403);
    expect((await bob.client.call(`/blocks/${blockId}`, { method: 'DELETE' })).status).toBe(200);
    const reopened = await open(alice.client, roomId, 'Bob');
    expect(reopened.status).toBe(201);
    expect(reopened.body.roomId).not.toBe(direct);
  });

  it('works from either side, and blocks made by both at once both stand', async () => {
    const { alice, bob, roomId } = await aliceAndBob();
    const direct = (await open(bob.client, roomId, 'Alice')).body.roomId as string;
    const [x, y] = await Promise.all([
      alice.client.call(`/rooms/${direct}/block`, { method: 'POST' }),
      bob.client.call(`/rooms/${direct}/block`, { method: 'POST' }),
    ]);
    // Whichever came second may find the room gone already: then it is a 404, its block made.
    expect(x.status === 200 || y.status === 200).toBe(true);
    const blocks = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM user_blocks WHERE blocker_id IN (?, ?)',
    )
      .bind(alice.user.id, bob.user.id)
      .first<{ n: number }>();
    expect(blocks?.n).toBeGreaterThanOrEqual(1);
    expect((await rowsOfPair(direct)).room).toBeNull();
    expect((await open(alice.client, roomId, 'Bob')).status).toBe(403);
  });

  it('still ends a conversation whose other person deleted their account', async () => {
    const { alice, bob, roomId } = await aliceAndBob();
    const direct = (await open(alice.client, roomId, 'Bob')).body.roomId as string;
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(bob.user.id).run();
    expect(await roomListEntry(alice.client, direct)).toMatchObject({
      name: 'Private conversation',
    });
    const blocked = await alice.client.call(`/rooms/${direct}/block`, { method: 'POST' });
    expect(blocked.status).toBe(200);
    expect((await rowsOfPair(direct)).room).toBeNull();
    expect((await alice.client.call('/blocks')).body.blocks).toEqual([]);
  });

  it('applies to private conversations only, and to their members only', async () => {
    const { alice, bob, roomId } = await aliceAndBob();
    const ordinary = await alice.client.call(`/rooms/${roomId}/block`, { method: 'POST' });
    expect(ordinary.status).toBe(400);
    expect(ordinary.body.error).toBe(directMessages.notDirect);
    const direct = (await open(alice.client, roomId, 'Bob')).body.roomId as string;
    const carol = await signedInClient();
    expect((await carol.client.call(`/rooms/${direct}/block`, { method: 'POST' })).status).toBe(
      404,
    );
    expect((await rowsOfPair(direct)).members).toHaveLength(2);
    expect((await bob.client.call('/blocks/not-an-id', { method: 'DELETE' })).status).toBe(404);
  });
});
