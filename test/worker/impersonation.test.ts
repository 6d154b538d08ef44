/**
 * Passing as someone else: a nickname that reads like the moderator, or text with invisible
 * and direction-changing characters in it.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/validation';
import { Client, newAccount, signedInClient } from './support/api';
import { createRoom, joinRoom } from './support/rooms';
import { TestSocket } from './support/socket';

const LOOKALIKES = [
  'ChatModerator',
  'ChatModerat0r',
  'ChatModerator.',
  'chatmoderator',
  'Chat_M0derator',
];

describe('nicknames that imitate the moderator', () => {
  it.each(LOOKALIKES)('refuses %s at registration', async (nickname) => {
    const res = await new Client().call('/auth/register', { body: { ...newAccount(), nickname } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(messages.nicknameReserved);
  });

  it.each(LOOKALIKES)('refuses %s when joining a room', async (nickname) => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client);
    const { client } = await signedInClient();
    const res = await joinRoom(client, roomId, nickname);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(messages.nicknameReserved);
    // An honest nickname still gets in.
    expect((await joinRoom(client, roomId, 'Moderately')).status).toBe(200);
  });
});

describe('invisible characters', () => {
  it('are stripped from nicknames and room names', async () => {
    const { client } = await signedInClient();
    const created = await client.call('/join', {
      body: { roomName: 'Book\u200B club\u202E', activeNickname: 'a\u200Dda' },
    });
    expect(created.status).toBe(200);
    expect(created.body.activeNickname).toBe('ada');
    const rooms = await client.call('/rooms');
    expect(rooms.body[0].name).toBe('Book club');

    const account = newAccount();
    const registered = await new Client().call('/auth/register', {
      body: { ...account, nickname: `\u2066${account.nickname}\u2069` },
    });
    expect(registered.status).toBe(201);
    expect(registered.body.user.nickname).toBe(account.nickname);
  });

  it('cannot make a second member look like the first', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Lookalikes', 'bobby');
    const { client } = await signedInClient();
    const res = await joinRoom(client, roomId, 'bob\u200Bby');
    expect(res.status).toBe(409);
  });

  it('are stripped from messages, and a message of nothing else is refused', async () => {
    const { client } = await signedInClient();
    const roomId = await createRoom(client, 'Reversals', 'writer');
    const socket = await TestSocket.joined(client, roomId, 'writer');
    const ack = await socket.emit('sendMessage', { text: 'invoice\u202Efdp.exe\u200B', roomId });
    expect(ack).toEqual({});
    const [message] = await socket.waitForEvent('message');
    expect(message.text).toBe('invoicefdp.exe');
    const empty = await socket.emit('sendMessage', { text: '\u200B\u2066 \u2069', roomId });
    expect(empty.error).toBe('Message cannot be empty');
    socket.close();
  });
});
