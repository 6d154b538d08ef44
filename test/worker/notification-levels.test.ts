/**
 * Notification levels (issue 35 item 3): PUT /api/rooms/:roomId/notifications sets the caller's
 * level in a room, members only; GET /api/rooms gives each room the level in force, the one
 * chosen or else the room's size's default ('all' up to 10 members, 'mentions' above).
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { Client, signedInClient } from './support/api';
import { joinRoom, ownerAndGuest } from './support/rooms';

const levelOf = async (client: Client, roomId: string) => {
  const rooms = await client.call('/rooms');
  expect(rooms.status).toBe(200);
  const room = (rooms.body as { roomId: string }[]).find((entry) => entry.roomId === roomId);
  return room as { notificationLevel: string; notificationLevelChosen: boolean } | undefined;
};

const put = (client: Client, roomId: string, body: unknown, origin?: string | null) =>
  client.call(`/rooms/${roomId}/notifications`, { method: 'PUT', body, origin });

describe('PUT /api/rooms/:roomId/notifications', () => {
  it('sets a member’s level, which GET /api/rooms then gives as chosen', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Levels' });
    expect(await levelOf(guest.client, roomId)).toMatchObject({
      notificationLevel: 'all',
      notificationLevelChosen: false,
    });
    for (const level of ['off', 'mentions', 'all'] as const) {
      const answer = await put(guest.client, roomId, { level });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ level });
      expect(await levelOf(guest.client, roomId)).toEqual(
        expect.objectContaining({ notificationLevel: level, notificationLevelChosen: true }),
      );
    }
    // Per person: the owner's level in the same room is untouched.
    expect(await levelOf(owner.client, roomId)).toMatchObject({
      notificationLevel: 'all',
      notificationLevelChosen: false,
    });
  });

  it('refuses a bad level with a clear 400, and changes nothing', async () => {
    const { guest, roomId } = await ownerAndGuest();
    await put(guest.client, roomId, { level: 'off' });
    const message = "level must be 'all', 'mentions' or 'off'";
    // A body that is JSON but no object at all says the same, not a parser's words.
    const bodies = [{ level: 'loud' }, {}, { level: null }, { level: 'ALL' }, [], null, 'off'];
    for (const body of bodies) {
      const answer = await guest.client.call(`/rooms/${roomId}/notifications`, {
        method: 'PUT',
        rawBody: JSON.stringify(body),
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body, JSON.stringify(body)).toEqual({ error: message });
    }
    const notJson = await guest.client.call(`/rooms/${roomId}/notifications`, {
      method: 'PUT',
      rawBody: 'level=off',
    });
    expect(notJson.status).toBe(400);
    expect(typeof notJson.body.error).toBe('string');
    expect((await levelOf(guest.client, roomId))?.notificationLevel).toBe('off');
  });

  it('answers 404 to a stranger, for an unknown room and to a kicked (banned) member; 401 logged out; 403 cross-site', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const stranger = await signedInClient();
    expect(await put(stranger.client, roomId, { level: 'off' })).toMatchObject({
      status: 404,
      body: { error: 'Room not found' },
    });
    expect((await put(stranger.client, 'no-such-room-at-all', { level: 'off' })).status).toBe(404);
    expect((await put(stranger.client, 'bad', { level: 'off' })).status).toBe(404);

    const loggedOut = new Client();
    expect((await put(loggedOut, roomId, { level: 'off' })).status).toBe(401);
    expect((await put(guest.client, roomId, { level: 'off' }, 'https://evil.example')).status).toBe(
      403,
    );
    expect((await levelOf(guest.client, roomId))?.notificationLevelChosen).toBe(false);

    const kick = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: guest.user.id },
    });
    expect(kick.status).toBe(200);
    expect((await put(guest.client, roomId, { level: 'off' })).status).toBe(404);
    expect(await levelOf(guest.client, roomId)).toBeUndefined();
  });

  it('answers 404 to a member who is also banned (a ban row written beside the membership)', async () => {
    const { guest, roomId } = await ownerAndGuest();
    await env.DB.prepare('INSERT INTO room_bans (room_id, user_id, nickname) VALUES (?, ?, ?)')
      .bind(roomId, guest.user.id, 'Guest')
      .run();
    expect((await put(guest.client, roomId, { level: 'off' })).status).toBe(404);
    expect((await levelOf(guest.client, roomId))?.notificationLevelChosen).toBe(false);
  });

  it('is forgotten with the membership a kick ends: let back in, the room’s default holds again', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    await put(guest.client, roomId, { level: 'off' });
    await owner.client.call(`/rooms/${roomId}/kick`, { body: { targetUserId: guest.user.id } });
    const unban = await owner.client.call(`/rooms/${roomId}/bans/${guest.user.id}`, {
      method: 'DELETE',
    });
    expect(unban.status).toBe(200);
    expect((await joinRoom(guest.client, roomId, 'Guest')).status).toBe(200);
    expect(await levelOf(guest.client, roomId)).toMatchObject({
      notificationLevel: 'all',
      notificationLevelChosen: false,
    });
  });

  it('survives a change of nickname in the room', async () => {
    const { guest, roomId } = await ownerAndGuest();
    await put(guest.client, roomId, { level: 'mentions' });
    const renamed = await joinRoom(guest.client, roomId, 'Renamed');
    expect(renamed.status).toBe(200);
    expect(renamed.body.activeNickname).toBe('Renamed');
    expect(await levelOf(guest.client, roomId)).toMatchObject({
      notificationLevel: 'mentions',
      notificationLevelChosen: true,
    });
  });
});

describe('the default level in GET /api/rooms', () => {
  it('is all messages up to 10 members and mentions from 11; a choice wins over it', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Growing' });
    await put(owner.client, roomId, { level: 'all' });
    for (let member = 3; member <= 10; member += 1) {
      const joiner = await signedInClient();
      expect((await joinRoom(joiner.client, roomId, `Member${member}`)).status).toBe(200);
    }
    expect((await levelOf(guest.client, roomId))?.notificationLevel).toBe('all');

    const eleventh = await signedInClient();
    expect((await joinRoom(eleventh.client, roomId, 'Member11')).status).toBe(200);
    expect(await levelOf(guest.client, roomId)).toMatchObject({
      notificationLevel: 'mentions',
      notificationLevelChosen: false,
    });
    expect((await levelOf(eleventh.client, roomId))?.notificationLevel).toBe('mentions');
    // The owner chose 'all' while the room was small: it stays theirs.
    expect(await levelOf(owner.client, roomId)).toMatchObject({
      notificationLevel: 'all',
      notificationLevelChosen: true,
    });
  });
});

describe('GET /api/rooms/:roomId/notifications (a room beyond the room list’s 200)', () => {
  const get = (client: Client, roomId: string) => client.call(`/rooms/${roomId}/notifications`);

  it('gives the member’s level as GET /api/rooms does: the room’s default, then the choice', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Read back' });
    expect(await get(guest.client, roomId)).toMatchObject({
      status: 200,
      body: { level: 'all', chosen: false },
    });
    for (const level of ['off', 'mentions', 'all'] as const) {
      await put(guest.client, roomId, { level });
      const answer = await get(guest.client, roomId);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ level, chosen: true });
    }
    // Per person.
    expect((await get(owner.client, roomId)).body).toEqual({ level: 'all', chosen: false });
    // Past 10 members, the undecided get 'mentions'.
    for (let member = 3; member <= 11; member += 1) {
      const joiner = await signedInClient();
      expect((await joinRoom(joiner.client, roomId, `Member${member}`)).status).toBe(200);
    }
    expect((await get(owner.client, roomId)).body).toEqual({ level: 'mentions', chosen: false });
    expect((await get(guest.client, roomId)).body).toEqual({ level: 'all', chosen: true });
  });

  it('answers 404 to a stranger, for unknown and malformed ids, to a kicked and to a banned member; 401 logged out', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const stranger = await signedInClient();
    expect(await get(stranger.client, roomId)).toMatchObject({
      status: 404,
      body: { error: 'Room not found' },
    });
    expect((await get(stranger.client, 'no-such-room-at-all')).status).toBe(404);
    expect((await get(stranger.client, 'bad')).status).toBe(404);
    expect((await get(new Client(), roomId)).status).toBe(401);

    const other = await ownerAndGuest();
    await env.DB.prepare('INSERT INTO room_bans (room_id, user_id, nickname) VALUES (?, ?, ?)')
      .bind(other.roomId, other.guest.user.id, 'Guest')
      .run();
    expect((await get(other.guest.client, other.roomId)).status).toBe(404);

    await put(guest.client, roomId, { level: 'off' });
    const kick = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: guest.user.id },
    });
    expect(kick.status).toBe(200);
    expect(await get(guest.client, roomId)).toMatchObject({
      status: 404,
      body: { error: 'Room not found' },
    });
  });
});
