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
});
