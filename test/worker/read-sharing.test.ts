/**
 * Issue 33's account and room-list side: the 'Share when I have read messages' preference
 * (PATCH /api/user/preferences, told to every room of the person and carried by each socket
 * upgrade to its room), and GET /api/rooms marking rooms with an unread mention.
 */
import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { app } from '../../worker/app';
import { FORWARDED_HEADER, readForwarded } from '../../worker/chat/upgrade/forwarded';
import { Client, ORIGIN, signedInClient } from './support/api';
import { createRoom, ownerAndGuest, signedInOwnAddress } from './support/rooms';
import { ticketFor } from './tickets-helpers';

const setShareReads = (client: Client, body: unknown, origin?: string) =>
  client.call('/user/preferences', { method: 'PATCH', body, origin });

/**
 * An env whose room objects are stand-ins: they note the read-sharing calls they get and answer
 * an upgrade with nothing but what the worker forwarded.
 */
function fakeRooms() {
  const told: { roomId: string; userId: string; share: boolean }[] = [];
  const forwarded: Request[] = [];
  const namespace = {
    idFromName: (roomId: string) => roomId,
    get: (roomId: string) => ({
      readSharingChanged: async (userId: string, share: boolean) => {
        told.push({ roomId, userId, share });
      },
      fetch: async (request: Request) => {
        forwarded.push(request);
        return new Response('forwarded');
      },
    }),
  };
  const fakeEnv = { ...env, CHAT_ROOM: namespace as unknown as Env['CHAT_ROOM'] };
  const call = (request: Request) => app.fetch(request, fakeEnv, createExecutionContext());
  return { told, forwarded, call };
}

function preferencesRequest(client: Client, shareReads: boolean) {
  return new Request(`${ORIGIN}/api/user/preferences`, {
    method: 'PATCH',
    headers: {
      'CF-Connecting-IP': client.ip,
      Origin: ORIGIN,
      Cookie: client.cookie,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ shareReads }),
  });
}

function upgradeRequest(client: Client, roomId: string, ticket?: string) {
  const query = new URLSearchParams({ EIO: '4', transport: 'websocket', room: roomId });
  if (ticket) query.set('ticket', ticket);
  const headers: Record<string, string> = {
    Upgrade: 'websocket',
    'CF-Connecting-IP': client.ip,
    Origin: ORIGIN,
  };
  if (!ticket) headers.Cookie = client.cookie;
  return new Request(`${ORIGIN}/socket.io/?${query}`, { headers });
}

describe('PATCH /api/user/preferences', () => {
  it('turns read sharing off and on; the session endpoint says so', async () => {
    const { client } = await signedInClient();
    expect((await client.call('/auth/login/current')).body.user.shareReads).toBe(true);

    const off = await setShareReads(client, { shareReads: false });
    expect(off.status).toBe(200);
    expect(off.body.user).toMatchObject({ shareReads: false });
    expect((await client.call('/auth/login/current')).body.user.shareReads).toBe(false);

    const on = await setShareReads(client, { shareReads: true });
    expect(on.body.user.shareReads).toBe(true);
    expect((await client.call('/auth/login/current')).body.user.shareReads).toBe(true);
  });

  it('needs a session and the same origin', async () => {
    expect((await setShareReads(new Client(), { shareReads: false })).status).toBe(401);
    const { client } = await signedInClient();
    const foreign = await setShareReads(client, { shareReads: false }, 'https://evil.example');
    expect(foreign.status).toBe(403);
    expect((await client.call('/auth/login/current')).body.user.shareReads).toBe(true);
  });

  it('takes only a boolean', async () => {
    const { client } = await signedInClient();
    for (const body of [{}, { shareReads: 'false' }, { shareReads: 0 }, { shareReads: null }]) {
      const res = await setShareReads(client, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'shareReads must be true or false' });
    }
    expect((await client.call('/auth/login/current')).body.user.shareReads).toBe(true);
  });

  it("tells each of the person's rooms of a change, and none of an unchanged setting", async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const ownersOther = await createRoom(owner.client, 'Other', 'Owner');
    const rooms = fakeRooms();

    expect((await rooms.call(preferencesRequest(owner.client, false))).status).toBe(200);
    const byRoom = (a: { roomId: string }, b: { roomId: string }) =>
      a.roomId.localeCompare(b.roomId);
    expect(rooms.told.sort(byRoom)).toEqual(
      [
        { roomId, userId: owner.user.id, share: false },
        { roomId: ownersOther, userId: owner.user.id, share: false },
      ].sort(byRoom),
    );

    rooms.told.length = 0;
    expect((await rooms.call(preferencesRequest(owner.client, false))).status).toBe(200);
    expect(rooms.told).toEqual([]);
    expect((await rooms.call(preferencesRequest(guest.client, true))).status).toBe(200);
    expect(rooms.told).toEqual([]);
  });

  it('leaves the rooms with the newest setting when two changes reach them out of order', async () => {
    const { owner } = await ownerAndGuest();
    expect((await setShareReads(owner.client, { shareReads: false })).status).toBe(200);
    // The rooms' stand-in holds the first call it gets (sharing on) until the second change
    // (off) has been told: the older call lands last.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    let roomHas: boolean | undefined;
    const namespace = {
      idFromName: (roomId: string) => roomId,
      get: () => ({
        readSharingChanged: async (_userId: string, share: boolean) => {
          if (calls++ === 0) await held;
          roomHas = share;
        },
      }),
    };
    const fakeEnv = { ...env, CHAT_ROOM: namespace as unknown as Env['CHAT_ROOM'] };
    const call = (request: Request) => app.fetch(request, fakeEnv, createExecutionContext());

    const turnedOn = call(preferencesRequest(owner.client, true));
    await vi.waitFor(() => expect(calls).toBe(1));
    expect((await call(preferencesRequest(owner.client, false))).status).toBe(200);
    expect(roomHas).toBe(false);
    release();
    expect((await turnedOn).status).toBe(200);
    // D1 says off, and so does the room, though 'on' reached it last.
    expect(roomHas).toBe(false);
  });
});

describe('the socket upgrade', () => {
  it("forwards the person's setting to the room, by cookie and by ticket", async () => {
    const member = await signedInOwnAddress();
    const roomId = await createRoom(member.client, 'Reads', 'Holder');
    const rooms = fakeRooms();
    const forwardedShareReads = async (ticket?: string) => {
      const answer = await rooms.call(upgradeRequest(member.client, roomId, ticket));
      expect(await answer.text()).toBe('forwarded');
      const header = rooms.forwarded.at(-1)!.headers;
      expect(header.get(FORWARDED_HEADER)).toBeTruthy();
      return readForwarded(header).shareReads;
    };

    expect(await forwardedShareReads()).toBe(true);
    expect(await forwardedShareReads(await ticketFor(member.client, roomId))).toBe(true);

    expect((await setShareReads(member.client, { shareReads: false })).status).toBe(200);
    expect(await forwardedShareReads()).toBe(false);
    expect(await forwardedShareReads(await ticketFor(member.client, roomId))).toBe(false);
  });
});

describe('GET /api/rooms', () => {
  it('marks a room whose newest mention of the caller is past their read position', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const mention = (userId: string, lastMentionId: number, lastReadId: number) =>
      env.DB.prepare(
        `UPDATE memberships SET last_mention_id = ?, last_read_id = ? WHERE room_id = ? AND user_id = ?`,
      )
        .bind(lastMentionId, lastReadId, roomId, userId)
        .run();
    const unreadMentions = async (client: Client) => {
      const rooms = (await client.call('/rooms')).body as { roomId: string }[];
      return (rooms.find((room) => room.roomId === roomId) as { unreadMentions?: unknown })
        ?.unreadMentions;
    };
    await env.DB.prepare('UPDATE rooms SET last_message_id = 12 WHERE room_id = ?')
      .bind(roomId)
      .run();

    expect(await unreadMentions(owner.client)).toBe(false);
    expect(await unreadMentions(guest.client)).toBe(false);

    await mention(guest.user.id, 10, 7);
    expect(await unreadMentions(guest.client)).toBe(true);
    expect(await unreadMentions(owner.client)).toBe(false);

    // Read up to the mention, or past it: nothing to mark.
    await mention(guest.user.id, 10, 10);
    expect(await unreadMentions(guest.client)).toBe(false);
    await mention(guest.user.id, 10, 12);
    expect(await unreadMentions(guest.client)).toBe(false);
  });
});
