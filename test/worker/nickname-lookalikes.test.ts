/**
 * Two members of a room may not pass for each other: 'AIice' (a capital i) beside 'Alice'
 * would speak as her. The room's unique index on the nickname's look (nickname-look.ts) refuses
 * the second with the usual conflict, while names that merely share letters both get in.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { nicknameLook } from '../../worker/rooms/nickname-look';
import { signedInClient } from './support/api';
import { createRoom, joinRoom } from './support/rooms';

async function roomWith(nickname: string) {
  const owner = await signedInClient();
  return createRoom(owner.client, 'Lookalikes', nickname);
}

describe('nicknames that look like a member’s', () => {
  it.each([
    ['Alice', 'AIice'],
    ['Alice', 'A1ice'],
    ['mallory', 'rnallory'],
    ['wendy', 'vvendy'],
    ['Bob0', 'bobo'],
  ])('refuses %s’s lookalike %s with the conflict answer', async (first, second) => {
    const roomId = await roomWith(first);
    const { client } = await signedInClient();
    const res = await joinRoom(client, roomId, second);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'nickname_conflict',
      message: `The nickname "${second}" looks too much like "${first}", who is in this room. Please choose another.`,
    });
  });

  it('lets in names that only share letters, and the conflict’s suggestion', async () => {
    const roomId = await roomWith('Ali');
    for (const nickname of [
      'All',
      'ali_',
      'Ali1',
      'user1',
      'user2',
      'Ioan',
      'Loan',
      'LAN',
      'IAN',
    ]) {
      const { client } = await signedInClient();
      expect((await joinRoom(client, roomId, nickname)).status, nickname).toBe(200);
    }
  });

  it('tells an exact name apart from a lookalike, whatever the index SQLite names', async () => {
    const roomId = await roomWith('Carol');
    const { client } = await signedInClient();
    const res = await joinRoom(client, roomId, 'CAROL');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'The nickname "CAROL" is already taken in this room. Please choose another.',
    );
  });

  it('lets one person’s joins at once all in, under their own name', async () => {
    const roomId = await roomWith('Host');
    const { client } = await signedInClient();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => joinRoom(client, roomId, 'Twice0')),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('lets a member take a lookalike of their own name', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Mine', 'Alice');
    expect((await joinRoom(owner.client, roomId, 'AIice')).status).toBe(200);
  });
});

describe('migration 0006', () => {
  const update = env.TEST_MIGRATIONS.find((migration) =>
    migration.name.startsWith('0006'),
  )!.queries.find((query) => query.includes('UPDATE'))!;

  it('gives members from before it the same look, except those who already look alike', async () => {
    const roomId = await roomWith('Owner');
    const others = ['Carol', 'Dave1', 'Eli', 'EIi', 'rnike', 'Lara'];
    for (const nickname of others) {
      await env.DB.prepare(
        `INSERT INTO memberships (id, room_id, user_id, nickname, nickname_key)
         SELECT ?, ?, id, ?, lower(?) FROM users LIMIT 1 OFFSET ?`,
      )
        .bind(crypto.randomUUID(), roomId, nickname, nickname, others.indexOf(nickname))
        .run();
    }
    await env.DB.prepare('UPDATE memberships SET nickname_look = NULL WHERE room_id = ?')
      .bind(roomId)
      .run();
    await env.DB.prepare(update).run();
    const { results } = await env.DB.prepare(
      'SELECT nickname, nickname_look AS look FROM memberships WHERE room_id = ?',
    )
      .bind(roomId)
      .all<{ nickname: string; look: string | null }>();
    const looks = Object.fromEntries(results.map((row) => [row.nickname, row.look]));
    expect(looks).toEqual({
      Owner: nicknameLook('Owner'),
      Carol: nicknameLook('Carol'),
      Dave1: 'davel',
      Eli: null,
      EIi: null,
      rnike: 'mike',
      Lara: 'Lara',
    });
  });

  it('refuses a newcomer who looks like members left without a look', async () => {
    const roomId = await roomWith('Owner');
    const legacy = ['Eli', 'EIi'];
    for (const [index, nickname] of legacy.entries()) {
      await env.DB.prepare(
        `INSERT INTO memberships (id, room_id, user_id, nickname, nickname_key)
         SELECT ?, ?, id, ?, lower(?) FROM users LIMIT 1 OFFSET ?`,
      )
        .bind(crypto.randomUUID(), roomId, nickname, nickname, index)
        .run();
    }
    await env.DB.prepare(update).run();
    const { client } = await signedInClient();
    const res = await joinRoom(client, roomId, 'E1i');
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^The nickname "E1i" looks too much like "E[lI]i"/);
    // A member of theirs renaming to a third such name is refused too; other names get in.
    expect((await joinRoom(client, roomId, 'Eve')).status).toBe(200);
    expect((await joinRoom(client, roomId, 'EII')).status).toBe(409);
  });
});
