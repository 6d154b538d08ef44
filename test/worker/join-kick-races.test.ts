/**
 * A join through the API reads the room, the membership and the ban in one statement, then
 * writes the membership: a kick landing between the read and the write must still leave the
 * person out. The write is held (a D1 whose membership write waits for the test) while the kick
 * happens through the API, so the interleaving is the same on every run.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { openDb } from '../../worker/db/client';
import { ApiError } from '../../worker/http/api-error';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { joinRoom as joinThroughApi } from '../../worker/rooms/join-room';
import { deleteRoomEverywhere } from '../../worker/room-removal/delete-room';
import { signedInClient } from './support/api';
import { d1BeforeStatement, userRow } from './support/held-d1';
import { createRoom, joinRoom } from './support/rooms';

async function membershipCount(roomId: string, userId: string) {
  const row = await env.DB.prepare(
    'SELECT COUNT(*) AS n FROM memberships WHERE room_id = ? AND user_id = ?',
  )
    .bind(roomId, userId)
    .first<{ n: number }>();
  return row!.n;
}

describe('a join whose write comes after a kick', () => {
  it('does not make a newcomer a member again once their other join was kicked', async () => {
    const { client: owner } = await signedInClient();
    const roomId = await createRoom(owner, 'Bouncer', 'Owner');
    const target = await signedInClient();
    const user = await userRow(target.user.id);
    // Between this join's read (no member, no ban) and its write: the person's other join
    // gets in, and the owner kicks (and so bans) them.
    const db = openDb(
      d1BeforeStatement(/insert into "?memberships/i, async () => {
        expect((await joinRoom(target.client, roomId, 'Pest')).status).toBe(200);
        const kick = await owner.call(`/rooms/${roomId}/kick`, {
          body: { targetUserId: target.user.id },
        });
        expect(kick.status).toBe(200);
      }),
    );

    const joined = joinThroughApi(db, user, { roomId, activeNickname: 'Pest' });
    await expect(joined).rejects.toBeInstanceOf(ApiError);
    await expect(joined).rejects.toMatchObject({ status: 403 });
    expect(await membershipCount(roomId, target.user.id)).toBe(0);
    expect((await userRow(target.user.id)).roomId).toBeNull();
  });

  it('does not rename, or send back to the room, a member kicked before the rename', async () => {
    const { client: owner } = await signedInClient();
    const roomId = await createRoom(owner, 'Bouncer', 'Owner');
    const target = await signedInClient();
    expect((await joinRoom(target.client, roomId, 'Pest')).status).toBe(200);
    const kickFirst = async () => {
      const kick = await owner.call(`/rooms/${roomId}/kick`, {
        body: { targetUserId: target.user.id },
      });
      expect(kick.status).toBe(200);
    };
    const db = openDb(d1BeforeStatement(/update "?memberships/i, kickFirst));
    const user = await userRow(target.user.id);

    const joined = joinThroughApi(db, user, { roomId, activeNickname: 'Pest again' });
    await expect(joined).rejects.toMatchObject({ status: 403 });
    expect(await membershipCount(roomId, target.user.id)).toBe(0);
    // The kick cleared their current room; the refused rename does not set it back.
    expect((await userRow(target.user.id)).roomId).toBeNull();
  });
});

describe("a rename's call reaching the room after the kick's", () => {
  it('leaves the kicked person out of the members a mention can name', async () => {
    const { client: owner } = await signedInClient();
    const roomId = await createRoom(owner, 'Bouncer', 'Owner');
    const target = await signedInClient();
    expect((await joinRoom(target.client, roomId, 'Pest')).status).toBe(200);
    // The rename was written in D1 just before the kick; its call to the room comes last.
    await env.DB.prepare('UPDATE memberships SET nickname = ? WHERE room_id = ? AND user_id = ?')
      .bind('Pest again', roomId, target.user.id)
      .run();
    const kick = await owner.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: target.user.id },
    });
    expect(kick.status).toBe(200);
    await roomStub(env, roomId).membershipChanged(target.user.id);

    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      expect(room.parts.members.find('Pest again')).toBeUndefined();
      expect(room.parts.members.userIdOf('Pest again')).toBeUndefined();
    });
  });
});

describe("a join whose write comes after the room's deletion", () => {
  const deleteFirst = (roomId: string) => async () => {
    expect(await deleteRoomEverywhere(env, openDb(env.DB), roomId)).toBeDefined();
  };

  it('answers a newcomer 404, not a foreign-key failure, and leaves nothing behind', async () => {
    const { client: owner } = await signedInClient();
    const roomId = await createRoom(owner, 'Soon gone', 'Owner');
    const newcomer = await signedInClient();
    const db = openDb(d1BeforeStatement(/insert into "?memberships/i, deleteFirst(roomId)));
    const user = await userRow(newcomer.user.id);

    const joined = joinThroughApi(db, user, { roomId, activeNickname: 'Late' });
    await expect(joined).rejects.toBeInstanceOf(ApiError);
    await expect(joined).rejects.toMatchObject({ status: 404, message: 'Room not found' });
    expect(await membershipCount(roomId, newcomer.user.id)).toBe(0);
    expect((await userRow(newcomer.user.id)).roomId).toBeNull();
  });

  it('answers a renaming member 404 (the room is gone), not that they were banned', async () => {
    const { client: owner } = await signedInClient();
    const roomId = await createRoom(owner, 'Soon gone', 'Owner');
    const member = await signedInClient();
    expect((await joinRoom(member.client, roomId, 'Before')).status).toBe(200);
    const db = openDb(d1BeforeStatement(/update "?memberships/i, deleteFirst(roomId)));
    const user = await userRow(member.user.id);

    const joined = joinThroughApi(db, user, { roomId, activeNickname: 'After' });
    await expect(joined).rejects.toMatchObject({ status: 404, message: 'Room not found' });
    expect((await userRow(member.user.id)).roomId).toBeNull();
  });
});
