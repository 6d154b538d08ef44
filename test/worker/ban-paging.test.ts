/**
 * A room's Removed list past one page (GET /api/rooms/:roomId/bans): the old call still answers
 * the first page, newest first, with the same fields; `nextAfter` leads on to the rest (each ban
 * once); a search by how the nickname starts reaches a ban on any page; a cursor made for
 * another room, list or search is a 400; only the owner and administrators read it; and a page
 * reads a bounded range of an index however many bans the room has.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { BAN_PAGE_SIZE, type RoomBan } from '../../contract/rooms';
import { Client, signedInClient } from './support/api';
import { signedInAdmin } from './support/admin';
import { rowsRead } from './support/d1-reads';
import { createRoom, joinRoom } from './support/rooms';
import { allPages } from './support/paged-list';

let rooms = 0;

/**
 * A room made by a new owner with `count` bans written straight into D1: seven to a millisecond
 * (banned_at ties, so the order must break them by user id) and user ids not in ban order. The
 * ban at `index` names 'Gone<index>'.
 */
async function roomWithBans(count: number) {
  const owner = await signedInClient();
  const roomId = await createRoom(owner.client, 'Strict', 'Owner');
  const tag = `b${++rooms}${Date.now().toString(36)}`;
  const seq = `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i < ?2 - 1)`;
  const userId = `?1 || '-u' || printf('%05d', (i * 7919) % 10007)`;
  await env.DB.batch([
    env.DB.prepare(
      `${seq} INSERT INTO users (id, email, password_hash, password_salt, password_iterations, nickname)
       SELECT ${userId}, 'gone' || i || '.' || ?1 || '@bans.example', 'x', 'x', 1, 'Gone' || i
       FROM seq`,
    ).bind(tag, count),
    env.DB.prepare(
      `${seq} INSERT INTO room_bans (room_id, user_id, nickname, banned_at)
       SELECT ?3, ${userId}, 'Gone' || i, 1700000000000 + i / 7 FROM seq`,
    ).bind(tag, count, roomId),
  ]);
  return { owner, roomId };
}

/** The room's bans as the list must give them: newest first, then by user id. */
async function banOrder(roomId: string) {
  const { results } = await env.DB.prepare(
    'SELECT user_id, nickname FROM room_bans WHERE room_id = ? ORDER BY banned_at DESC, user_id DESC',
  )
    .bind(roomId)
    .all<{ user_id: string; nickname: string }>();
  return results;
}

const userIds = (pages: { bans: RoomBan[] }[]) =>
  pages.flatMap((page) => page.bans.map((ban) => ban.userId));

describe('GET /api/rooms/:roomId/bans past one page', () => {
  let room: Awaited<ReturnType<typeof roomWithBans>>;
  beforeAll(async () => {
    room = await roomWithBans(1100);
  });

  it('answers the first page as before, and nextAfter leads through the rest, newest first', async () => {
    const first = await room.owner.client.call(`/rooms/${room.roomId}/bans`);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['bans', 'nextAfter']);
    expect(first.body.bans).toHaveLength(BAN_PAGE_SIZE);
    expect(Object.keys(first.body.bans[0]).sort()).toEqual(['bannedAt', 'nickname', 'userId']);

    const pages = await allPages(room.owner.client, `/rooms/${room.roomId}/bans`);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toEqual(first.body);
    expect(pages.at(-1).nextAfter).toBeUndefined();
    expect(userIds(pages)).toEqual((await banOrder(room.roomId)).map((row) => row.user_id));
  });

  it('finds the bans whose nickname starts with q, whatever the case, on any page', async () => {
    const call = (q: string) =>
      room.owner.client.call(`/rooms/${room.roomId}/bans?q=${encodeURIComponent(q)}`);
    // The oldest ban, on the last page.
    const oldest = await call('GONE0');
    expect(oldest.status).toBe(200);
    expect(oldest.body).toEqual({
      bans: [{ userId: expect.any(String), nickname: 'Gone0', bannedAt: 1700000000000 }],
    });
    const newer = (await call('gone104')).body.bans.map((ban: RoomBan) => ban.nickname);
    expect(newer.sort()).toEqual([
      'Gone104',
      ...Array.from({ length: 10 }, (_, i) => `Gone104${i}`),
    ]);
    // How the nickname starts, not a part of it.
    expect((await call('one1')).body).toEqual({ bans: [] });

    // Every nickname matches: the matches come a page at a time, in the list's order.
    const pages = await allPages(room.owner.client, `/rooms/${room.roomId}/bans`, { q: 'gOnE' });
    expect(pages).toHaveLength(3);
    expect(userIds(pages)).toEqual((await banOrder(room.roomId)).map((row) => row.user_id));
  });

  it('lets the owner lift a ban found past the first page', async () => {
    const search = (q: string) => room.owner.client.call(`/rooms/${room.roomId}/bans?q=${q}`);
    const found = (await search('Gone3')).body.bans.find(
      (ban: RoomBan) => ban.nickname === 'Gone3',
    );
    const lifted = await room.owner.client.call(`/rooms/${room.roomId}/bans/${found.userId}`, {
      method: 'DELETE',
    });
    expect(lifted.body).toEqual({ success: true, message: 'User Gone3 unbanned.' });
    expect((await search('Gone3')).body.bans).not.toContainEqual(found);
  });
});

describe('a bad cursor or a caller who is not the owner', () => {
  it('is a 400 for a cursor of another room, list or search, and a 403 for a member', async () => {
    const { owner, roomId } = await roomWithBans(510);
    const other = await roomWithBans(510);
    const first = await owner.client.call(`/rooms/${roomId}/bans`);
    const cursor = encodeURIComponent(first.body.nextAfter);
    const otherCursor = encodeURIComponent(
      (await other.owner.client.call(`/rooms/${other.roomId}/bans`)).body.nextAfter,
    );
    const members = await owner.client.call(`/rooms/${roomId}/members`);
    expect(members.status).toBe(200);
    const refused = [
      `/rooms/${roomId}/bans?after=not-a-cursor`,
      `/rooms/${roomId}/bans?after=${'x'.repeat(300)}`,
      // Made for another room, another search, or another list of the same room.
      `/rooms/${roomId}/bans?after=${otherCursor}`,
      `/rooms/${roomId}/bans?q=gone&after=${cursor}`,
      `/rooms/${roomId}/members?after=${cursor}`,
      `/rooms/${roomId}/nicknames?after=${cursor}`,
    ];
    for (const path of refused) {
      const res = await owner.client.call(path);
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 400,
        body: { error: 'Invalid cursor' },
      });
    }
    const tooLong = await owner.client.call(`/rooms/${roomId}/bans?q=${'a'.repeat(101)}`);
    expect(tooLong).toMatchObject({
      status: 400,
      body: { error: 'Search cannot exceed 100 characters' },
    });
    // An empty search or cursor is none: the first page.
    expect((await owner.client.call(`/rooms/${roomId}/bans?q=&after=`)).body).toEqual(first.body);

    const member = await signedInClient();
    expect((await joinRoom(member.client, roomId, 'Member')).status).toBe(200);
    for (const path of [`/rooms/${roomId}/bans?after=${cursor}`, `/rooms/${roomId}/bans?q=gone`]) {
      const res = await member.client.call(path);
      expect(res.status).toBe(403);
      expect(res.body.bans).toBeUndefined();
    }
    // The other room's owner owns a room, but not this one.
    expect((await other.owner.client.call(`/rooms/${roomId}/bans?q=gone`)).status).toBe(403);
    expect((await new Client().call(`/rooms/${roomId}/bans?after=${cursor}`)).status).toBe(401);

    const admin = await signedInAdmin();
    const asAdmin = await admin.client.call(`/rooms/${roomId}/bans?after=${cursor}`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.bans).toHaveLength(10);
  });
});

describe('a page of a room with many bans', () => {
  it('reads a range of an index, not every ban of the room', async () => {
    const { owner, roomId } = await roomWithBans(3000);
    const first = await owner.client.call(`/rooms/${roomId}/bans`);
    expect(first.body.nextAfter).toEqual(expect.any(String));
    const after = encodeURIComponent(first.body.nextAfter);
    // A page's bans, and the session and room around them: far below the room's 3000 bans,
    // which a sort of the whole room's bans would read.
    const bound = BAN_PAGE_SIZE + 100;
    const reads: [string, number][] = [];
    for (const path of [`/rooms/${roomId}/bans`, `/rooms/${roomId}/bans?after=${after}`]) {
      reads.push([path, await rowsRead(owner.client, path)]);
    }
    expect(reads.filter(([, rows]) => rows >= bound)).toEqual([]);
  });
});
