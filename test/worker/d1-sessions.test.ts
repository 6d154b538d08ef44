/**
 * Reads near the reader (worker/http/d1-session.ts): each /api request works through one D1
 * session, answers its bookmark in x-d1-bookmark, and a read started from the caller's bookmark
 * is at least as new as it. Locally D1 has no replicas, so these check the wiring the replicas
 * rely on: which requests start where, and what comes back.
 */
import { describe, expect, it } from 'vitest';
import { signedInAdmin } from './support/admin';
import { Client, signedInClient } from './support/api';
import { createRoom } from './support/rooms';

const HEADER = 'x-d1-bookmark';
const SHAPE = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

function bookmarkOf(res: { headers: Headers }): string {
  const bookmark = res.headers.get(HEADER);
  expect(bookmark).toMatch(SHAPE);
  return bookmark!;
}

/** A bookmark of D1's shape, `ahead` positions past `bookmark` (bookmarks sort as text). */
function aheadOf(bookmark: string, ahead: number): string {
  const [first, position, ...rest] = bookmark.split('-');
  const moved = (Number.parseInt(position!, 16) + ahead).toString(16).padStart(8, '0');
  return [first, moved, ...rest].join('-');
}

describe('D1 sessions and bookmarks', () => {
  it('answers the session bookmark on reads and writes', async () => {
    const { client } = await signedInClient();
    const created = await client.call('/join', { body: { roomName: 'Marked' } });
    expect(created.status).toBe(200);
    // The route's own queries went through the session: otherwise it would have no bookmark.
    const list = await client.call('/rooms');
    expect(list.status).toBe(200);
    expect(bookmarkOf(list) >= bookmarkOf(created)).toBe(true);
    // A refusal that read nothing hands the caller's own bookmark back, and none to a caller
    // without one: the client keeps what it has.
    const stranger = new Client();
    const refused = await stranger.call('/rooms', { headers: { [HEADER]: bookmarkOf(list) } });
    expect(refused.status).toBe(401);
    expect(bookmarkOf(refused)).toBe(bookmarkOf(list));
    expect((await stranger.call('/rooms')).headers.get(HEADER)).toBeNull();
  });

  it('shows a caller their own write when they read with the bookmark it answered', async () => {
    const { client } = await signedInClient();
    const created = await client.call('/join', { body: { roomName: 'Just made' } });
    const written = bookmarkOf(created);
    const list = await client.call('/rooms', { headers: { [HEADER]: written } });
    expect(list.status).toBe(200);
    expect(list.body.map((room: { roomId: string }) => room.roomId)).toEqual([created.body.roomId]);
    expect(bookmarkOf(list) >= written).toBe(true);
  });

  it("starts a read from the caller's bookmark, and a write on the primary", async () => {
    const { client } = await signedInClient();
    const now = bookmarkOf(await client.call('/rooms'));
    // A position the database has not reached: a read session starting there answers it (or
    // later) back; a write session ignores it and answers the primary's own position.
    const later = aheadOf(now, 0x100000);
    const read = await client.call('/rooms', { headers: { [HEADER]: later } });
    expect(read.status).toBe(200);
    expect(bookmarkOf(read) >= later).toBe(true);
    const write = await client.call('/join', {
      body: { roomName: 'Primary' },
      headers: { [HEADER]: later },
    });
    expect(write.status).toBe(200);
    expect(bookmarkOf(write) < later).toBe(true);
    expect(bookmarkOf(write) > now).toBe(true);
  });

  it('reads the primary for the admin pages, even to read, whatever bookmark comes', async () => {
    // They decide on the caller's role: a lagging replica could still show a demoted admin.
    const { client } = await signedInAdmin();
    const now = bookmarkOf(await client.call('/rooms'));
    const later = aheadOf(now, 0x100000);
    for (const path of ['/admin/users', '/admin/stats']) {
      const res = await client.call(path, { headers: { [HEADER]: later } });
      expect(res.status, path).toBe(200);
      expect(bookmarkOf(res) < later, path).toBe(true);
    }
    // An ordinary read still starts from the bookmark.
    const read = await client.call('/rooms', { headers: { [HEADER]: later } });
    expect(bookmarkOf(read) >= later).toBe(true);
  });

  it('ignores a malformed or oversized bookmark and never answers it back', async () => {
    const { client } = await signedInClient();
    await createRoom(client, 'Still listed');
    const junk = [
      'garbage',
      'x'.repeat(5000),
      'f'.repeat(59),
      'first-primary',
      'ffffffff-ffffffff-ffffffff-ffffffffffffffffffffffffffffffff-extra',
      'zzzzzzzz-00000001-00000000-00000000000000000000000000000000',
      '; DROP TABLE rooms',
    ];
    for (const value of junk) {
      const res = await client.call('/rooms', { headers: { [HEADER]: value } });
      expect(res.status, value.slice(0, 40)).toBe(200);
      expect(res.body).toHaveLength(1);
      expect(bookmarkOf(res)).not.toBe(value);
    }
  });

  it('takes a bookmark written in capitals or with spaces around it', async () => {
    const { client } = await signedInClient();
    const later = aheadOf(bookmarkOf(await client.call('/rooms')), 0x100000);
    const res = await client.call('/rooms', { headers: { [HEADER]: ` ${later.toUpperCase()} ` } });
    expect(res.status).toBe(200);
    expect(bookmarkOf(res) >= later).toBe(true);
  });
});
