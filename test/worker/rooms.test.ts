import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/validation';
import { Client, signedInClient } from './support/api';
import { createRoom, joinRoom } from './support/rooms';

describe('POST /api/join', () => {
  it('creates a room with an unguessable id, owned by the caller, under their nickname', async () => {
    const { client, account } = await signedInClient();
    const res = await client.call('/join', { body: { roomName: 'Friends' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      activeNickname: account.nickname,
      roomId: expect.any(String),
    });
    expect(res.body.roomId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const me = await client.call('/auth/login/current');
    expect(me.body.user).toMatchObject({
      roomId: res.body.roomId,
      activeNickname: account.nickname,
    });
  });

  it('joins an existing room, and answers 404 for an unknown one', async () => {
    const { client: owner } = await signedInClient();
    const roomId = await createRoom(owner);
    const { client: guest } = await signedInClient();
    const joined = await joinRoom(guest, roomId, 'Guesty');
    expect(joined.body).toEqual({ success: true, activeNickname: 'Guesty', roomId });
    const unknown = await joinRoom(guest, 'no-such-room-0000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Room not found' });
  });

  it('answers 409 nickname_conflict for a nickname another member holds, whatever its case', async () => {
    const { client: owner } = await signedInClient();
    const roomId = await createRoom(owner, 'Busy', 'Alice');
    const { client: guest } = await signedInClient();
    const res = await joinRoom(guest, roomId, 'ALICE');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'nickname_conflict',
      roomId,
      roomName: 'Busy',
      message: expect.stringContaining('ALICE'),
    });
  });

  it('lets a member rejoin under their nickname and change it', async () => {
    const { client } = await signedInClient();
    const roomId = await createRoom(client, 'Mine', 'First');
    expect((await joinRoom(client, roomId, 'First')).status).toBe(200);
    const renamed = await joinRoom(client, roomId, 'Second');
    expect(renamed.body.activeNickname).toBe('Second');
    const list = await client.call('/rooms');
    expect(list.body[0].activeNickname).toBe('Second');
  });

  it('validates the request with the spec messages and reserves moderator names', async () => {
    const { client } = await signedInClient();
    expect((await client.call('/join', { body: {} })).body).toEqual({
      error: 'Please provide a room name',
    });
    expect((await client.call('/join', { body: { roomName: '   ' } })).body).toEqual({
      error: 'Please provide a room name',
    });
    // Letters that show as nothing (Hangul fillers, blank Braille) make no name either.
    const blank = await client.call('/join', { body: { roomName: '\u3164 \u2800\u115F' } });
    expect(blank.body).toEqual({ error: 'Please provide a room name' });
    // So do characters that show nothing on their own: controls, selectors, tag characters.
    for (const roomName of ['\u0007', '\u0085\u009B', '\uFE0F\u034F', '\u{E0067}\u{E007F}']) {
      const unseen = await client.call('/join', { body: { roomName } });
      expect(unseen.body, JSON.stringify(roomName)).toEqual({
        error: 'Please provide a room name',
      });
    }
    const badNick = await client.call('/join', {
      body: { roomName: 'x', activeNickname: 'no spaces' },
    });
    expect(badNick.body).toEqual({ error: messages.nicknameCharacters });
    const reserved = await client.call('/join', {
      body: { roomName: 'x', activeNickname: 'chatmoderator' },
    });
    expect(reserved.status).toBe(400);
    expect(reserved.body.error).toMatch(/reserved/);
    const long = await client.call('/join', { body: { roomName: 'x'.repeat(51) } });
    expect(long.body).toEqual({ error: 'Room name cannot exceed 50 characters.' });
  });

  it('keeps a room name on one line: line breaks, tabs and control characters are one space', async () => {
    const { client } = await signedInClient();
    const roomName = 'Team\r\n\nNotice:\tread\u0007\u009B this ';
    const created = await client.call('/join', { body: { roomName } });
    expect(created.status).toBe(200);
    const [room] = (await client.call('/rooms')).body;
    // Shown in notification titles ('… mentioned you in <room>') and the tab's title, where a
    // line break would start a line of the room creator's choosing.
    expect(room.name).toBe('Team Notice: read this');
  });

  it('needs a session', async () => {
    expect((await new Client().call('/join', { body: { roomName: 'x' } })).status).toBe(401);
    expect((await new Client().call('/rooms')).status).toBe(401);
  });
});

describe('GET /api/rooms', () => {
  it('lists the caller’s rooms with their nickname, most recently active first', async () => {
    const { client } = await signedInClient();
    const older = await createRoom(client, 'Older');
    const newer = await createRoom(client, 'Newer');
    const res = await client.call('/rooms');
    expect(res.status).toBe(200);
    expect(res.body.map((r: { roomId: string }) => r.roomId)).toEqual([newer, older]);
    expect(res.body[1]).toEqual({
      _id: older,
      roomId: older,
      name: 'Older',
      activeNickname: expect.any(String),
      unreadCount: 0,
      lastMessageId: 0,
      lastReadId: 0,
      unreadMentions: false,
      // The caller made both rooms.
      isOwner: true,
      // A room of one: every message, until the caller chooses (notification-levels.test.ts).
      notificationLevel: 'all',
      notificationLevelChosen: false,
    });
  });

  it('carries an excerpt of the last message: plain text cut at 100 characters plus an ellipsis', async () => {
    const { client } = await signedInClient();
    const roomId = await createRoom(client, 'Chatty');
    const html = `<b>${'a &amp; b '.repeat(20)}</b>`;
    await env.DB.prepare(
      'UPDATE rooms SET last_message_html = ?, last_message_at = ? WHERE room_id = ?',
    )
      .bind(html, Date.now(), roomId)
      .run();
    const [room] = (await client.call('/rooms')).body;
    expect(room.lastMessageExcerpt.fullText).toBe(html);
    expect(room.lastMessageExcerpt.plainText).toBe(`${'a & b '.repeat(20).slice(0, 100)}...`);
  });

  it('cuts the excerpt between characters: an emoji at the 100th is never halved', async () => {
    const { client } = await signedInClient();
    const roomId = await createRoom(client, 'Emoji');
    // 99 letters and emoji: code unit 100 is the first half of the first emoji.
    const setExcerpt = (html: string) =>
      env.DB.prepare('UPDATE rooms SET last_message_html = ? WHERE room_id = ?')
        .bind(html, roomId)
        .run();
    // As JSON: a halved emoji is then the ASCII '\\ud83d', which the runner can report (a
    // lone surrogate in a failure's diff breaks the runner's own connection).
    const excerpt = async () =>
      JSON.stringify((await client.call('/rooms')).body[0].lastMessageExcerpt.plainText);
    await setExcerpt(`${'a'.repeat(99)}${'😀'.repeat(3)}`);
    // 100 characters (code points), as the spec counts them, then the ellipsis.
    expect(await excerpt()).toBe(JSON.stringify(`${'a'.repeat(99)}😀...`));
    // A family is kept whole or left out, never shown as its first person.
    await setExcerpt(`${'a'.repeat(98)}👨‍👩‍👧 tail`);
    expect(await excerpt()).toBe(JSON.stringify(`${'a'.repeat(98)}...`));
    // Exactly 100 characters (more code units) is not cut at all.
    await setExcerpt('😀'.repeat(100));
    expect(await excerpt()).toBe(JSON.stringify('😀'.repeat(100)));
  });
});

/**
 * One account cannot flood D1 with rooms: 20 creations an hour. Joining is never limited by it.
 */
const LIMIT = 20;
const TOO_FAST = { error: 'You are creating rooms too fast. Please try again later.' };

async function roomsCreatedBy(userId: string) {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM rooms WHERE created_by = ?')
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

describe('room creation limit', () => {
  it('refuses the 21st room in an hour with 429 and Retry-After; another user is unaffected', async () => {
    const spammer = await signedInClient();
    for (let i = 0; i < LIMIT; i++) await createRoom(spammer.client, `Room ${i}`);
    const refused = await spammer.client.call('/join', { body: { roomName: 'One too many' } });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_FAST);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await roomsCreatedBy(spammer.user.id)).toBe(LIMIT);

    // Someone else, even from the same address, still creates rooms.
    const neighbour = await signedInClient();
    neighbour.client.ip = spammer.client.ip;
    expect((await neighbour.client.call('/join', { body: { roomName: 'Mine' } })).status).toBe(200);
  });

  it('still lets the limited user join existing rooms and rejoin their own', async () => {
    const spammer = await signedInClient();
    const rooms: string[] = [];
    for (let i = 0; i < LIMIT; i++) rooms.push(await createRoom(spammer.client, `Room ${i}`));
    expect((await spammer.client.call('/join', { body: { roomName: 'x' } })).status).toBe(429);
    const host = await signedInClient();
    const hostRoom = await createRoom(host.client, 'Hosted');
    expect((await joinRoom(spammer.client, hostRoom, 'Visitor')).status).toBe(200);
    expect((await joinRoom(spammer.client, rooms[0]!)).status).toBe(200);
  });

  it('frees slots as the hour moves on', async () => {
    const spammer = await signedInClient();
    for (let i = 0; i < LIMIT; i++) await createRoom(spammer.client, `Room ${i}`);
    expect((await spammer.client.call('/join', { body: { roomName: 'x' } })).status).toBe(429);
    // Age the counted creations past the window, as an hour's wait would.
    await env.DB.prepare('UPDATE rate_limit_hits SET at = at - 3600001 WHERE key = ?')
      .bind(`create-room:${spammer.user.id}`)
      .run();
    expect((await spammer.client.call('/join', { body: { roomName: 'x' } })).status).toBe(200);
  });
});

describe('nickname change limit', () => {
  it('refuses the 11th nickname change in a minute in one room with 429, changing nothing', async () => {
    const { client: owner } = await signedInClient();
    const roomId = await createRoom(owner, 'Watched');
    const otherRoom = await createRoom(owner, 'Elsewhere');
    const { client } = await signedInClient();
    expect((await joinRoom(client, roomId, 'Name0')).status).toBe(200);
    for (let i = 1; i <= 10; i++) {
      expect((await joinRoom(client, roomId, `Name${i}`)).status).toBe(200);
    }
    const refused = await joinRoom(client, roomId, 'Name11');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: 'You are changing your nickname too fast. Please try again later.',
    });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    const list = await client.call('/rooms');
    expect(list.body[0].activeNickname).toBe('Name10');

    // Rejoining under the nickname held is no change; another room has its own allowance.
    expect((await joinRoom(client, roomId, 'Name10')).status).toBe(200);
    expect((await joinRoom(client, otherRoom, 'Other0')).status).toBe(200);
    expect((await joinRoom(client, otherRoom, 'Other1')).status).toBe(200);
  });
});
