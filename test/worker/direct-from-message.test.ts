/**
 * 'Message <author> privately' in a message's menu names the message, not its nickname
 * (`{ messageId }`): the conversation opens with the account that wrote it, whatever nickname it
 * has now, and never with someone who took the nickname since (a reviewer's finding). Every
 * refusal of the nickname path holds for it as well.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { directMessages } from '../../contract/direct';
import { roomMessages } from '../../contract/rooms';
import { openDb } from '../../worker/db/client';
import { openDirect } from '../../worker/direct/open-direct';
import { adminBroadcast } from '../../worker/room-calls/room-rpc';
import { signedInClient, type Client } from './support/api';
import { d1BeforeBatch, userRow } from './support/held-d1';
import { post, roomListEntry } from './support/messages';
import { createRoom, joinRoom } from './support/rooms';
import { TestSocket } from './support/socket';

const openFor = (client: Client, from: string, body: unknown) =>
  client.call(`/rooms/${from}/direct`, { body });

/** Alice made a room, Bob joined it and wrote a message there (his socket is closed again). */
async function bobWroteOne() {
  const alice = await signedInClient();
  const bob = await signedInClient();
  const roomId = await createRoom(alice.client, 'Friends', 'Alice');
  expect((await joinRoom(bob.client, roomId, 'Bob')).status).toBe(200);
  const socket = await TestSocket.joined(bob.client, roomId, 'Bob');
  const { id } = await post(socket, roomId, 'a message Alice will answer privately later');
  socket.close();
  return { alice, bob, roomId, messageId: id as number };
}

async function membersOf(roomId: string) {
  const rows = await env.DB.prepare('SELECT user_id FROM memberships WHERE room_id = ?')
    .bind(roomId)
    .all<{ user_id: string }>();
  return rows.results.map((row) => row.user_id).sort();
}

async function pairRooms(a: string, b: string) {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM rooms WHERE direct_pair = ?')
    .bind([a, b].sort().join(':'))
    .first<{ n: number }>();
  return row!.n;
}

describe("opening a private conversation from a message's menu", () => {
  it('reaches the author under the nickname they have now, not whoever took their old one', async () => {
    const { alice, bob, roomId, messageId } = await bobWroteOne();
    expect((await joinRoom(bob.client, roomId, 'Robert')).status).toBe(200);
    const carol = await signedInClient();
    expect((await joinRoom(carol.client, roomId, 'Bob')).status).toBe(200);

    const opened = await openFor(alice.client, roomId, { messageId });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ activeNickname: 'Alice', created: true });
    const direct = opened.body.roomId as string;
    expect(await membersOf(direct)).toEqual([alice.user.id, bob.user.id].sort());
    expect(await roomListEntry(alice.client, direct)).toMatchObject({ name: 'Robert' });
    // The lists name people as they are now: there, 'Bob' is Carol.
    const byNickname = await openFor(alice.client, roomId, { nickname: 'Bob' });
    expect(await membersOf(byNickname.body.roomId as string)).toContain(carol.user.id);
  });

  it('refuses once the author left, even though someone else took the nickname', async () => {
    const { alice, bob, roomId, messageId } = await bobWroteOne();
    const left = await bob.client.call(`/rooms/${roomId}/membership`, { method: 'DELETE' });
    expect(left.status).toBe(200);
    const carol = await signedInClient();
    expect((await joinRoom(carol.client, roomId, 'Bob')).status).toBe(200);

    const refused = await openFor(alice.client, roomId, { messageId });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe(directMessages.authorGone);
    expect(await pairRooms(alice.user.id, carol.user.id)).toBe(0);
    expect(await pairRooms(alice.user.id, bob.user.id)).toBe(0);
  });

  it('refuses an author kicked from the room', async () => {
    const { alice, bob, roomId, messageId } = await bobWroteOne();
    const kick = await alice.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: bob.user.id },
    });
    expect(kick.status).toBe(200);
    const refused = await openFor(alice.client, roomId, { messageId });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe(directMessages.authorGone);
  });

  it("refuses an unknown or deleted message, and the moderator's", async () => {
    const { alice, bob, roomId, messageId } = await bobWroteOne();
    const unknown = await openFor(alice.client, roomId, { messageId: messageId + 1000 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(directMessages.messageNotFound);

    const socket = await TestSocket.joined(bob.client, roomId, 'Bob');
    expect(await socket.emit('deleteMessage', { roomId, messageId })).toEqual({});
    const deleted = await openFor(alice.client, roomId, { messageId });
    expect(deleted.status).toBe(404);
    expect(deleted.body.error).toBe(directMessages.messageNotFound);

    await adminBroadcast(env, { roomId, name: 'Friends' }, 'user', '<p>Be kind.</p>');
    await socket.waitFor(() => socket.events('message').some((m) => m.user === 'ChatModerator'));
    const fromModerator = socket.events('message').find((m) => m.user === 'ChatModerator');
    socket.close();
    const moderator = await openFor(alice.client, roomId, { messageId: fromModerator!.id });
    expect(moderator.status).toBe(404);
    expect(moderator.body.error).toBe(directMessages.messageNotFound);
  });

  it('refuses your own message as it refuses yourself', async () => {
    const { bob, roomId, messageId } = await bobWroteOne();
    const own = await openFor(bob.client, roomId, { messageId });
    expect(own.status).toBe(400);
    expect(own.body.error).toBe(directMessages.notYourself);
  });

  it("answers a stranger to the room 404, without asking the room's object", async () => {
    const { bob, roomId, messageId } = await bobWroteOne();
    const carol = await signedInClient();
    const stranger = await openFor(carol.client, roomId, { messageId });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toBe(roomMessages.roomNotFound);

    const messageAuthor = vi.fn(async () => bob.user.id);
    const opened = openDirect(openDb(env.DB), await userRow(carol.user.id), roomId, {
      messageAuthor,
    });
    await expect(opened).rejects.toMatchObject({ status: 404, message: roomMessages.roomNotFound });
    expect(messageAuthor).not.toHaveBeenCalled();
  });

  it('is refused by a block, as the nickname path is', async () => {
    const { alice, bob, roomId, messageId } = await bobWroteOne();
    const direct = (await openFor(alice.client, roomId, { messageId })).body.roomId as string;
    expect((await bob.client.call(`/rooms/${direct}/block`, { method: 'POST' })).status).toBe(200);
    const refused = await openFor(alice.client, roomId, { messageId });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(directMessages.blocked);
  });

  it('refuses an author kicked between the checks and the batch', async () => {
    const { alice, bob, roomId } = await bobWroteOne();
    const db = openDb(
      d1BeforeBatch(async () => {
        const kick = await alice.client.call(`/rooms/${roomId}/kick`, {
          body: { targetUserId: bob.user.id },
        });
        expect(kick.status).toBe(200);
      }),
    );
    const opened = openDirect(db, await userRow(alice.user.id), roomId, {
      messageAuthor: async () => bob.user.id,
    });
    await expect(opened).rejects.toMatchObject({ status: 404, message: directMessages.authorGone });
    expect(await pairRooms(alice.user.id, bob.user.id)).toBe(0);
  });
});

describe('the body', () => {
  it('names the person one way, exactly: bad bodies get 400 and a sentence', async () => {
    const alice = await signedInClient();
    const roomId = await createRoom(alice.client, 'Friends', 'Alice');
    const refusals: [unknown, string][] = [
      [{}, directMessages.nicknameRequired],
      [null, directMessages.nicknameRequired],
      [{ nickname: 'Bob', messageId: 1 }, directMessages.notBoth],
      [{ messageId: 0 }, directMessages.messageIdInvalid],
      [{ messageId: -3 }, directMessages.messageIdInvalid],
      [{ messageId: 1.5 }, directMessages.messageIdInvalid],
      [{ messageId: '7' }, directMessages.messageIdInvalid],
      [{ messageId: 2 ** 60 }, directMessages.messageIdInvalid],
      [{ messageId: null }, directMessages.messageIdInvalid],
      // A passing notice has no stored id: it has a string.
      [{ messageId: 'notice-1' }, directMessages.messageIdInvalid],
    ];
    for (const [body, error] of refusals) {
      const refused = await openFor(alice.client, roomId, body);
      expect({ body, status: refused.status, error: refused.body.error }).toEqual({
        body,
        status: 400,
        error,
      });
    }
  });
});
