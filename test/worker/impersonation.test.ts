/**
 * Passing as someone else: a nickname that reads like the moderator, text with invisible and
 * direction-changing characters in it, or a nickname its holder gave up (and someone else took).
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/validation';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { CLOCK_ALLOWANCE_MS } from '../../worker/chat/room/ticket-voids';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { Client, newAccount, signedInClient } from './support/api';
import { createRoom, joinRoom } from './support/rooms';
import { forwardedCookieUpgrade, sleep } from './support/room-object';
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
  it('are stripped from room names', async () => {
    const { client } = await signedInClient();
    const created = await client.call('/join', {
      body: { roomName: 'Book\u200B club\u202E', activeNickname: 'ada' },
    });
    expect(created.status).toBe(200);
    const rooms = await client.call('/rooms');
    expect(rooms.body[0].name).toBe('Book club');
  });

  // Stripped, 'x\u200Byz' was taken as 'xyz' without a word, while the form counted the hidden
  // character and 'x\u200By' was called too short: a nickname is refused, as an address is.
  it('make a nickname refused, saying why, at registration and at a join', async () => {
    const account = newAccount();
    const registered = await new Client().call('/auth/register', {
      body: { ...account, nickname: `\u2066${account.nickname}\u2069` },
    });
    expect(registered.status).toBe(400);
    expect(registered.body.error).toBe(messages.nicknameHiddenCharacters);

    const { client } = await signedInClient();
    const created = await client.call('/join', {
      body: { roomName: 'Hidden letters', activeNickname: 'x\u200Byz' },
    });
    expect(created.status).toBe(400);
    expect(created.body.error).toBe(messages.nicknameHiddenCharacters);
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client);
    const joined = await joinRoom(client, roomId, 'a\u200Dda');
    expect(joined.status).toBe(400);
    expect(joined.body.error).toBe(messages.nicknameHiddenCharacters);
    expect((await client.call('/rooms')).body).toEqual([]);
  });

  it('cannot make a second member look like the first', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Lookalikes', 'bobby');
    const { client } = await signedInClient();
    const res = await joinRoom(client, roomId, 'bob\u200Bby');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(messages.nicknameHiddenCharacters);
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
    const joiners = await socket.emit('sendMessage', { text: '\u200D \u200C\u200D', roomId });
    expect(joiners.error).toBe('Message cannot be empty');
    // Other characters that show as nothing: word joiner, Arabic letter mark, byte order mark,
    // soft hyphen, Hangul fillers, blank Braille.
    for (const text of [
      '\u2060',
      '\u061C\u061C',
      '\uFEFF\u00AD',
      '\u3164',
      '\u115F\u1160 \u2800',
      // Controls, a variation selector and tag characters alone show nothing either.
      '\u0007\u001B',
      '\uFE0F \u{E0067}\u{E007F}',
    ]) {
      const blank = await socket.emit('sendMessage', { text, roomId });
      expect(blank.error, JSON.stringify(text)).toBe('Message cannot be empty');
    }
    expect(await socket.emit('sendMessage', { text: 'a\u2060b\u061C', roomId })).toEqual({});
    const sent = await socket.waitForEvent('message', 2);
    expect(sent.map((message) => message.text)).toEqual(['invoicefdp.exe', 'ab']);
    socket.close();
  });

  it('keep the joiners that are part of writing: emoji sequences, Persian words', async () => {
    const { client } = await signedInClient();
    const roomId = await createRoom(client, 'Joiners', 'writer');
    const socket = await TestSocket.joined(client, roomId, 'writer');
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    const persian = '\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645';
    const text = `\u200D${family} ${persian}\u200C\u200D\u200D ok\u200B`;
    expect(await socket.emit('sendMessage', { text, roomId })).toEqual({});
    const [message] = await socket.waitForEvent('message');
    expect(message.text).toBe(`${family} ${persian} ok`);
    socket.close();
  });
});

describe('a nickname given up', () => {
  /** Mallory joined as Carol, then took another nickname; the real Carol arrives. */
  async function renamedWhileJoined() {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Names', 'Owner');
    const mallory = await signedInClient();
    expect((await joinRoom(mallory.client, roomId, 'Carol')).status).toBe(200);
    const watcher = await TestSocket.joined(owner.client, roomId, 'Owner');
    const tab = await TestSocket.joined(mallory.client, roomId, 'Carol');
    await watcher.waitFor((frame) => frame.includes('Carol has joined the room'));
    expect((await joinRoom(mallory.client, roomId, 'Mallory')).status).toBe(200);
    return { roomId, owner, mallory, watcher, tab };
  }

  it('is not spoken under by a tab still joined: it speaks under the new one', async () => {
    const { roomId, watcher, tab } = await renamedWhileJoined();
    await watcher.waitFor((frame) => frame.includes('Carol has left the room'));
    await watcher.waitFor((frame) => frame.includes('Mallory has joined the room'));
    const online = watcher
      .events('roomData')
      .at(-1)
      .users.map((u: any) => u.nickname);
    expect(online).toEqual(['Mallory', 'Owner']);
    // The tab is told, so that it shows the name it now speaks under.
    expect(await tab.waitForEvent('nicknameChanged')).toEqual([{ nickname: 'Mallory' }]);

    const carol = await signedInClient();
    expect((await joinRoom(carol.client, roomId, 'Carol')).status).toBe(200);
    const real = await TestSocket.joined(carol.client, roomId, 'Carol');
    expect(await tab.emit('sendMessage', { text: 'from the old tab', roomId })).toEqual({});
    expect(await real.emit('sendMessage', { text: 'from Carol', roomId })).toEqual({});
    await watcher.waitFor((frame) => frame.includes('from Carol'));
    const authors = watcher
      .events('message')
      .filter((m) => m.messageType === 'user')
      .map((m) => `${m.user}: ${m.text}`);
    expect(authors).toEqual(['Mallory: from the old tab', 'Carol: from Carol']);
    for (const socket of [watcher, tab, real]) socket.close();
  });

  it('is not given back by a recovered session', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Names', 'Owner');
    const watcher = await TestSocket.joined(owner.client, roomId, 'Owner');
    const guest = await signedInClient();
    expect((await joinRoom(guest.client, roomId, 'Dora')).status).toBe(200);
    const dora = await TestSocket.joined(guest.client, roomId, 'Dora');
    const { pid } = JSON.parse(dora.frames.find((f) => f.startsWith('40'))!.slice(2));
    dora.ws.close(4000); // the network drops while joined as Dora
    await watcher.waitFor((frame) => frame.includes('Dora has left the room'));
    expect((await joinRoom(guest.client, roomId, 'Dorothy')).status).toBe(200);
    // Past the clock allowance: the upgrade's check postdates the change and says "Dorothy".
    await new Promise((resolve) => setTimeout(resolve, CLOCK_ALLOWANCE_MS + 100));

    const back = await TestSocket.open(guest.client, roomId);
    back.send(`40${JSON.stringify({ pid })}`);
    const answer = JSON.parse((await back.waitFor((f) => f.startsWith('40'))).slice(2));
    expect(answer.pid).not.toBe(pid);
    expect((await back.emit('sendMessage', { text: 'as whom?', roomId })).error).toBe(
      'Join the room before sending messages',
    );
    expect((await back.emit('join', { name: 'Dora', room: roomId })).error).toBe(
      'You are in this room as "Dorothy"',
    );
    expect(await back.emit('join', { name: 'Dorothy', room: roomId })).toEqual({});
    for (const socket of [watcher, back]) socket.close();
  });

  it('is the one D1 holds when two renames reach the room out of order', async () => {
    const { roomId, mallory, watcher, tab } = await renamedWhileJoined();
    await tab.waitForEvent('nicknameChanged');
    // The call of an earlier rename arrives after the later one ("Mallory").
    await roomStub(env, roomId).membershipChanged(mallory.user.id);
    expect(await tab.emit('sendMessage', { text: 'who am I', roomId })).toEqual({});
    await watcher.waitFor((frame) => frame.includes('who am I'));
    const [message] = watcher.events('message').filter((m) => m.messageType === 'user');
    expect(message.user).toBe('Mallory');
    expect(tab.events('nicknameChanged')).toEqual([{ nickname: 'Mallory' }]);
    watcher.close();
    tab.close();
  });

  it('is taken by a socket that was open but not yet connected', async () => {
    const { roomId, mallory, watcher, tab } = await renamedWhileJoined();
    tab.close();
    // Past the clock allowance: the upgrade's membership ("Mallory") is trusted as read.
    await new Promise((resolve) => setTimeout(resolve, CLOCK_ALLOWANCE_MS + 100));
    const waiting = await TestSocket.open(mallory.client, roomId);
    expect((await joinRoom(mallory.client, roomId, 'Mallory2')).status).toBe(200);
    const carol = await signedInClient();
    expect((await joinRoom(carol.client, roomId, 'Mallory')).status).toBe(200);
    waiting.send('40');
    await waiting.waitFor((frame) => frame.startsWith('40'));
    expect((await waiting.emit('join', { name: 'Mallory', room: roomId })).error).toBe(
      'You are in this room as "Mallory2"',
    );
    waiting.close();
    watcher.close();
  });

  it('is not trusted from an upgrade checked before the change reached the room', async () => {
    const { roomId, mallory, watcher, tab } = await renamedWhileJoined();
    tab.close();
    // The join reads D1 for a stale upgrade, and that read checks the session is still live.
    const session = await env.DB.prepare('SELECT id FROM sessions WHERE user_id = ?')
      .bind(mallory.user.id)
      .first<{ id: string }>();
    // What the worker forwards for a cookie upgrade whose D1 read came just before the change.
    const joinAs = async (checkedAt: number, sessionId = session!.id) => {
      const socket = await forwardedCookieUpgrade({
        roomId,
        roomName: 'Names',
        userId: mallory.user.id,
        sessionId,
        nickname: 'Carol',
        ip: mallory.client.ip,
        checkedAt,
      });
      socket.send('40');
      await socket.waitFor((frame) => frame.startsWith('40'));
      const ack = await socket.emit('join', { name: 'Carol', room: roomId });
      socket.close();
      return ack;
    };
    expect((await joinAs(Date.now() - 2000)).error).toBe('You are in this room as "Mallory"');
    // From a session that has ended since (a logout): no membership is read for it.
    expect((await joinAs(Date.now() - 2000, 'a-session-since-ended')).error).toBe(
      'Not authenticated',
    );
    // The same stale name from a check said to be later than the change is taken as read.
    expect(await joinAs(Date.now() + 5000)).toEqual({});
    watcher.close();
  });
});

describe('two renames whose D1 answers come back out of order', () => {
  it('the socket takes the name read by the last call to arrive', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Two renames', 'Owner');
    const guest = await signedInClient();
    await joinRoom(guest.client, roomId, 'Guest');
    const socket = await TestSocket.joined(guest.client, roomId, 'Guest');
    await runInDurableObject(roomStub(env, roomId), async (room: ChatRoom) => {
      // The first call's read is slow and sees the older rename; the second's sees the newer.
      let answerFirst!: (row: { nickname: string }) => void;
      const slow = new Promise<{ nickname: string }>((resolve) => (answerFirst = resolve));
      const answers = [slow, Promise.resolve({ nickname: 'Carol' })];
      const parts = room.parts as { db: () => D1Database };
      const db = parts.db;
      parts.db = () =>
        ({
          prepare: () => ({ bind: () => ({ first: () => answers.shift()! }) }),
        }) as unknown as D1Database;
      const first = room.membershipChanged(guest.user.id);
      await room.membershipChanged(guest.user.id);
      answerFirst({ nickname: 'Bob' });
      await first;
      parts.db = db;
    });
    expect((await socket.waitForEvent('nicknameChanged')).at(-1)).toEqual({ nickname: 'Carol' });
    await sleep(50);
    expect(socket.events('nicknameChanged')).toEqual([{ nickname: 'Carol' }]);
    socket.close();
  });
});
