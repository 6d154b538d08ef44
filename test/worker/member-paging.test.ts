/**
 * The two member lists of a room past one page (GET /api/rooms/:roomId/members for the owner,
 * .../nicknames for '@'): the old call still answers the first page, `nextAfter` leads on to
 * the rest in join order (each member once, though members join and leave between pages), a
 * bad cursor is a 400, a search reaches a member on any page, and a page reads a bounded range
 * of an index however big the room.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_PAGE_SIZE } from '../../contract/rooms';
import { Client, signedInClient } from './support/api';
import { rowsRead } from './support/d1-reads';
import { createRoom, joinRoom } from './support/rooms';
import { allPages } from './support/paged-list';

let rooms = 0;

/**
 * A room made by a new owner, with `count` more members written straight into D1: seven to a
 * millisecond (joined_at ties, so the order must break them by id) and ids not in join order.
 * The member at `index` is 'Seat<index>', address seat<index>.<tag>@paging.example.
 */
async function bigRoom(count: number) {
  const owner = await signedInClient();
  const roomId = await createRoom(owner.client, 'Stadium', 'Owner');
  const tag = `r${++rooms}${Date.now().toString(36)}`;
  const seats = `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i < ?2 - 1)`;
  await env.DB.batch([
    env.DB.prepare(
      `${seats} INSERT INTO users (id, email, password_hash, password_salt, password_iterations, nickname)
       SELECT ?1 || '-u' || i, 'seat' || i || '.' || ?1 || '@paging.example', 'x', 'x', 1, 'Seat' || i
       FROM seq`,
    ).bind(tag, count),
    env.DB.prepare(
      `${seats} INSERT INTO memberships (id, room_id, user_id, nickname, nickname_key, joined_at)
       SELECT ?1 || '-m' || printf('%05d', (i * 7919) % 10007), ?3, ?1 || '-u' || i,
         'Seat' || i, 'seat' || i, 1700000000000 + i / 7
       FROM seq`,
    ).bind(tag, count, roomId),
  ]);
  return { owner, roomId, tag };
}

/** The room's membership ids as the lists must give them: by join time, then id. */
async function joinOrder(roomId: string) {
  const { results } = await env.DB.prepare(
    'SELECT id, nickname FROM memberships WHERE room_id = ? ORDER BY joined_at, id',
  )
    .bind(roomId)
    .all<{ id: string; nickname: string }>();
  return results;
}

describe('GET /api/rooms/:roomId/members past one page', () => {
  let room: Awaited<ReturnType<typeof bigRoom>>;
  beforeAll(async () => {
    room = await bigRoom(1100);
  });

  it('answers the first page as before, and nextAfter leads through the rest in join order', async () => {
    const first = await room.owner.client.call(`/rooms/${room.roomId}/members`);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual([
      'isOwner',
      'members',
      'nextAfter',
      'roomCreator',
    ]);
    expect(first.body.isOwner).toBe(true);
    expect(first.body.members).toHaveLength(MEMBER_PAGE_SIZE);

    const pages = await allPages(room.owner.client, `/rooms/${room.roomId}/members`);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toEqual(first.body);
    expect(pages.at(-1).nextAfter).toBeUndefined();
    const seen = pages.flatMap((page) => page.members.map((member: { _id: string }) => member._id));
    expect(seen).toEqual((await joinOrder(room.roomId)).map((row) => row.id));
  });

  it('searches the nicknames and addresses of the whole room, and pages the matches', async () => {
    const call = (q: string) =>
      room.owner.client.call(`/rooms/${room.roomId}/members?q=${encodeURIComponent(q)}`);
    // Past the first page, found by part of the nickname, in any case.
    const byNickname = await call('SEAT1042');
    expect(byNickname.status).toBe(200);
    expect(byNickname.body.members.map((m: any) => m.activeNickname)).toEqual(['Seat1042']);
    expect(byNickname.body.nextAfter).toBeUndefined();
    expect(byNickname.body.isOwner).toBe(true);
    // By part of the address.
    const byEmail = await call(`seat777.${room.tag}@`);
    expect(byEmail.body.members.map((m: any) => m.userId.email)).toEqual([
      `seat777.${room.tag}@paging.example`,
    ]);
    expect((await call('nobody-here')).body).toMatchObject({ members: [] });

    // Every seat's address matches: the matches come a page at a time, in join order.
    const pages = await allPages(room.owner.client, `/rooms/${room.roomId}/members`, {
      q: `.${room.tag}@PAGING`,
    });
    const seen = pages.flatMap((page) => page.members.map((member: { _id: string }) => member._id));
    const seats = (await joinOrder(room.roomId)).filter((row) => row.nickname !== 'Owner');
    expect(pages).toHaveLength(3);
    expect(seen).toEqual(seats.map((row) => row.id));
  });
});

describe('GET /api/rooms/:roomId/nicknames past one page', () => {
  let room: Awaited<ReturnType<typeof bigRoom>>;
  let guest: Client;
  beforeAll(async () => {
    room = await bigRoom(700);
    guest = (await signedInClient()).client;
    expect((await joinRoom(guest, room.roomId, 'Zephyr')).status).toBe(200);
  });

  it('answers the first page as before, and nextAfter leads through the rest in join order', async () => {
    const first = await guest.call(`/rooms/${room.roomId}/nicknames`);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['nextAfter', 'nicknames']);
    expect(first.body.nicknames).toHaveLength(MEMBER_PAGE_SIZE);
    const pages = await allPages(guest, `/rooms/${room.roomId}/nicknames`);
    expect(pages).toHaveLength(2);
    expect(pages[1].nextAfter).toBeUndefined();
    expect(pages.flatMap((page) => page.nicknames)).toEqual(
      (await joinOrder(room.roomId)).map((row) => row.nickname),
    );
  });

  it('finds the nicknames that start with q, whatever the case, alphabetically', async () => {
    const call = (q: string) =>
      guest.call(`/rooms/${room.roomId}/nicknames?q=${encodeURIComponent(q)}`);
    // The last to join, far past the first page.
    expect((await call('zE')).body).toEqual({ nicknames: ['Zephyr'] });
    expect((await call('seat69')).body).toEqual({
      nicknames: [
        'Seat69',
        'Seat690',
        'Seat691',
        'Seat692',
        'Seat693',
        'Seat694',
        'Seat695',
      ].concat(['Seat696', 'Seat697', 'Seat698', 'Seat699']),
    });
    // How the nickname starts, not a part of it.
    expect((await call('ephyr')).body).toEqual({ nicknames: [] });
  });
});

describe('the member lists keep their place', () => {
  it('when members join and leave between two pages: nobody else skipped or shown twice', async () => {
    const { owner, roomId } = await bigRoom(600);
    const first = await owner.client.call(`/rooms/${roomId}/members`);
    const shown = first.body.members.map((member: { _id: string }) => member._id);
    const order = await joinOrder(roomId);
    // One member of the first page leaves, one of the next page leaves, and one joins.
    const gone = [order[10]!.id, order[MEMBER_PAGE_SIZE + 3]!.id];
    for (const id of gone) {
      await env.DB.prepare('DELETE FROM memberships WHERE id = ?').bind(id).run();
    }
    const newcomer = await signedInClient();
    expect((await joinRoom(newcomer.client, roomId, 'Latecomer')).status).toBe(200);

    const next = await owner.client.call(
      `/rooms/${roomId}/members?after=${encodeURIComponent(first.body.nextAfter)}`,
    );
    expect(next.status).toBe(200);
    const rest = next.body.members.map((member: { _id: string }) => member._id);
    const expected = (await joinOrder(roomId))
      .map((row) => row.id)
      .filter((id) => !shown.includes(id));
    expect(rest).toEqual(expected);
    expect(rest).not.toContain(gone[1]);
    expect(next.body.members.at(-1).activeNickname).toBe('Latecomer');
    expect(next.body.nextAfter).toBeUndefined();
  });
});

describe('a bad cursor or search', () => {
  it('is a 400 with a sentence, never a 500, and a stranger still learns nothing', async () => {
    const { owner, roomId } = await bigRoom(510);
    const other = await createRoom(owner.client, 'Other room', 'Owner');
    const members = await owner.client.call(`/rooms/${roomId}/members`);
    const nicknames = await owner.client.call(`/rooms/${roomId}/nicknames`);
    const cursor = encodeURIComponent(members.body.nextAfter);
    const nicknamesCursor = encodeURIComponent(nicknames.body.nextAfter);
    const refused = [
      `/rooms/${roomId}/members?after=not-a-cursor`,
      `/rooms/${roomId}/members?after=${'x'.repeat(300)}`,
      // Made for another list, another room or another search.
      `/rooms/${roomId}/members?after=${nicknamesCursor}`,
      `/rooms/${roomId}/nicknames?after=${cursor}`,
      `/rooms/${other}/members?after=${cursor}`,
      `/rooms/${roomId}/members?q=seat&after=${cursor}`,
      // A search of the nicknames has no pages.
      `/rooms/${roomId}/nicknames?q=seat&after=${nicknamesCursor}`,
    ];
    for (const path of refused) {
      const res = await owner.client.call(path);
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 400,
        body: { error: 'Invalid cursor' },
      });
    }
    for (const list of ['members', 'nicknames']) {
      const tooLong = await owner.client.call(`/rooms/${roomId}/${list}?q=${'a'.repeat(101)}`);
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toEqual({ error: 'Search cannot exceed 100 characters' });
    }
    // An empty search or cursor is none: the first page.
    const empty = await owner.client.call(`/rooms/${roomId}/members?q=&after=`);
    expect(empty.body).toEqual(members.body);

    const stranger = (await signedInClient()).client;
    expect((await stranger.call(`/rooms/${roomId}/members?after=${cursor}`)).status).toBe(403);
    expect((await stranger.call(`/rooms/${roomId}/nicknames?after=${cursor}`)).status).toBe(404);
  });
});

describe('a page of a big room', () => {
  it('reads a range of an index, not every member of the room', async () => {
    const { owner, roomId } = await bigRoom(3000);
    const first = await owner.client.call(`/rooms/${roomId}/members`);
    const after = encodeURIComponent(first.body.nextAfter);
    // A page's members and their accounts, and the session and room around them: far below
    // the room's 3000 members, which a sort of the whole room would read.
    const bound = 2 * (MEMBER_PAGE_SIZE + 1) + 100;
    const reads: [string, number][] = [];
    for (const path of [
      `/rooms/${roomId}/members`,
      `/rooms/${roomId}/members?after=${after}`,
      `/rooms/${roomId}/nicknames`,
      `/rooms/${roomId}/nicknames?q=seat299`,
    ]) {
      reads.push([path, await rowsRead(owner.client, path)]);
    }
    expect(reads.filter(([, rows]) => rows >= bound)).toEqual([]);
    // A prefix reads only the nicknames that start with it.
    expect(await rowsRead(owner.client, `/rooms/${roomId}/nicknames?q=seat2999`)).toBeLessThan(50);
  });
});
