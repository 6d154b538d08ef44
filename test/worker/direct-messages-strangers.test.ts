/**
 * Someone else's private conversation, tried every way in (issue 35 item 4). Carol shares a
 * room with Alice and has learnt the id of Alice and Bob's conversation; an administrator
 * knows it too. Neither gets in, reads it, nor learns who is in it; its own members cannot
 * moderate it or give it an invite link.
 */
import { describe, expect, it } from 'vitest';
import { directMessages } from '../../contract/direct';
import { REFUSED } from '../../contract/realtime';
import { roomMessages } from '../../contract/rooms';
import { signedInAdmin } from './support/admin';
import { signedInClient, type Client } from './support/api';
import { fetchFile, upload, uploaded } from './support/files';
import { plainPng } from './support/image-fixtures';
import { post } from './support/messages';
import { createRoom, joinRoom } from './support/rooms';
import { TestSocket } from './support/socket';
import { connectWithTicket, ticketFor } from './tickets-helpers';

/** Alice, Bob and Carol in one room; Alice and Bob's conversation, with a message and a file. */
async function aConversationAndAStranger() {
  const alice = await signedInClient();
  const bob = await signedInClient();
  const carol = await signedInClient();
  const shared = await createRoom(alice.client, 'Everyone', 'Alice');
  for (const [person, nickname] of [
    [bob, 'Bob'],
    [carol, 'Carol'],
  ] as const) {
    expect((await joinRoom(person.client, shared, nickname)).status).toBe(200);
  }
  const opened = await alice.client.call(`/rooms/${shared}/direct`, { body: { nickname: 'Bob' } });
  const direct = opened.body.roomId as string;
  const fileId = await uploaded(alice.client, direct, plainPng, { name: 'secret.png' });
  const socket = await TestSocket.joined(alice.client, direct, 'Alice');
  await post(socket, direct, 'our secret', { files: [fileId] });
  return { alice, bob, carol, shared, direct, fileId, socket };
}

const refusedStatus = [403, 404];
const asStranger = (client: Client, path: string, method = 'GET', body?: unknown) =>
  client.call(path, { method, body });

describe("a stranger in someone else's private conversation", () => {
  it('cannot join it by its id, with or without an invite code, nor preview it', async () => {
    const { carol, direct, alice } = await aConversationAndAStranger();
    for (const body of [
      { roomId: direct },
      { roomId: direct, activeNickname: 'Carol' },
      { roomId: direct, invite: direct },
      { roomId: direct, invite: 'A'.repeat(22) },
    ]) {
      const join = await carol.client.call('/join', { body });
      expect(join.status).toBe(404);
    }
    expect((await carol.client.call(`/invites/${direct}`)).status).toBe(404);
    expect((await carol.client.call(`/invites/${direct}?invite=${direct}`)).status).toBe(404);
    // Nothing about it changed: still two members, and Carol has no entry for it.
    const rooms = (await carol.client.call('/rooms')).body as { roomId: string }[];
    expect(rooms.some((room) => room.roomId === direct)).toBe(false);
    const nicknames = await alice.client.call(`/rooms/${direct}/nicknames`);
    expect(nicknames.body.nicknames.sort()).toEqual(['Alice', 'Bob']);
  });

  it('gets no invite link from it, and neither do its members', async () => {
    const { carol, alice, bob, direct } = await aConversationAndAStranger();
    expect((await carol.client.call(`/rooms/${direct}/invite`)).status).toBe(404);
    // A stranger is told nothing of it (404, as for no room); its members are refused (403).
    for (const [person, status] of [
      [carol, 404],
      [alice, 403],
      [bob, 403],
    ] as const) {
      const reset = await asStranger(person.client, `/rooms/${direct}/invite/reset`, 'POST');
      expect(reset.status).toBe(status);
      const limited = await asStranger(person.client, `/rooms/${direct}/invites`, 'POST', {
        maxUses: 1,
      });
      expect(limited.status).toBe(status);
      const listed = await person.client.call(`/rooms/${direct}/invites`);
      expect(listed.status).toBe(status);
    }
    const members = await alice.client.call(`/rooms/${direct}/invite`);
    expect(members.status).toBe(403);
    expect(members.body.error).toBe(directMessages.noInvites);
  });

  it('cannot open a socket to it, by cookie or by ticket', async () => {
    const { carol, shared, direct } = await aConversationAndAStranger();
    const cookie = await TestSocket.connect(carol.client, direct);
    expect(cookie.answer.startsWith('44')).toBe(true);
    expect(cookie.answer).toContain(REFUSED.notMember.code);
    const ticket = await carol.client.call(`/rooms/${direct}/ticket`, { method: 'POST' });
    expect(ticket.status).toBe(403);
    // Her ticket to a room she is in does not open this one.
    const own = await ticketFor(carol.client, shared);
    const other = await connectWithTicket(direct, own, { ip: carol.client.ip });
    expect(other.answer.startsWith('44')).toBe(true);
    // Nor does a socket in her own room reach it by naming it.
    const mine = await TestSocket.connect(carol.client, shared);
    const ack = await mine.socket.emit('join', { name: 'Carol', room: direct });
    expect(ack.code).toBe(REFUSED.wrongRoom.code);
    expect(mine.socket.events('chatHistory')).toEqual([]);
    mine.socket.close();
  });

  it('cannot read its files, upload to it, nor list who is in it', async () => {
    const { carol, bob, direct, fileId } = await aConversationAndAStranger();
    expect((await fetchFile(bob.client, fileId)).status).toBe(200);
    expect((await fetchFile(carol.client, fileId)).status).toBe(404);
    expect((await upload(carol.client, direct, plainPng, { name: 'in.png' })).status).toBe(404);
    expect((await carol.client.call(`/rooms/${direct}/nicknames`)).status).toBe(404);
    // Nor its entry as a member's room list gives it (names, ownership).
    expect((await carol.client.call(`/rooms/${direct}`)).status).toBe(404);
    expect(refusedStatus).toContain((await carol.client.call(`/rooms/${direct}/members`)).status);
    expect(refusedStatus).toContain((await carol.client.call(`/rooms/${direct}/bans`)).status);
  });

  it('cannot search it or read a message of it', async () => {
    const { carol, direct } = await aConversationAndAStranger();
    const search = await carol.client.call(`/rooms/${direct}/search?q=secret`);
    expect(refusedStatus).toContain(search.status);
    expect(JSON.stringify(search.body)).not.toContain('secret');
    const message = await carol.client.call(`/rooms/${direct}/messages/1`);
    expect(refusedStatus).toContain(message.status);
    expect(JSON.stringify(message.body)).not.toContain('secret');
  });

  it('cannot open or block from it, nor rename herself into it', async () => {
    const { carol, alice, direct } = await aConversationAndAStranger();
    const open = await carol.client.call(`/rooms/${direct}/direct`, { body: { nickname: 'Bob' } });
    expect(open.status).toBe(404);
    expect((await carol.client.call(`/rooms/${direct}/block`, { method: 'POST' })).status).toBe(
      404,
    );
    expect(
      (await carol.client.call('/join', { body: { roomId: direct, activeNickname: 'Bob1' } }))
        .status,
    ).toBe(404);
    // And the conversation goes on.
    expect((await alice.client.call(`/rooms/${direct}/nicknames`)).status).toBe(200);
  });
});

describe('moderation in a private conversation', () => {
  it('is nobody’s: its members cannot list members, kick or ban', async () => {
    const { alice, bob, direct } = await aConversationAndAStranger();
    for (const [path, method, body] of [
      [`/rooms/${direct}/members`, 'GET', undefined],
      [`/rooms/${direct}/bans`, 'GET', undefined],
      [`/rooms/${direct}/kick`, 'POST', { targetUserId: bob.user.id }],
      [`/rooms/${direct}/bans/${bob.user.id}`, 'DELETE', undefined],
    ] as const) {
      const res = await alice.client.call(path, { method, body });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(directMessages.noModeration);
    }
    expect((await bob.client.call(`/rooms/${direct}/nicknames`)).status).toBe(200);
  });

  it('an administrator cannot join it, moderate it, link to it, or find it in the room list', async () => {
    const { direct, socket } = await aConversationAndAStranger();
    const admin = await signedInAdmin();
    const join = await admin.client.call(`/admin/join/${direct}`, { method: 'POST' });
    expect(join.status).toBe(403);
    expect(join.body.error).toBe(directMessages.noAdminJoin);
    expect((await admin.client.call(`/rooms/${direct}/members`)).status).toBe(403);
    expect((await admin.client.call(`/rooms/${direct}/invite`)).status).toBe(404);
    expect((await admin.client.call('/join', { body: { roomId: direct } })).status).toBe(404);
    const { answer } = await TestSocket.connect(admin.client, direct);
    expect(answer).toContain(REFUSED.notMember.code);
    const byId = await admin.client.call(`/admin/rooms?q=${direct}`);
    expect(byId.status).toBe(200);
    expect(byId.body.rooms).toEqual([]);
    socket.close();
  });

  it('an administrator cannot rename, delete or hand it over, and is answered as for no room', async () => {
    const { direct, alice, socket } = await aConversationAndAStranger();
    const admin = await signedInAdmin();
    for (const [method, path, body] of [
      ['PATCH', `/rooms/${direct}`, { name: 'Renamed' }],
      ['DELETE', `/rooms/${direct}`, undefined],
      ['POST', `/rooms/${direct}/owner`, { userId: alice.user.id }],
    ] as const) {
      const res = await asStranger(admin.client, path, method, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe(roomMessages.roomNotFound);
    }
    socket.close();
  });
});
