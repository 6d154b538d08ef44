import {
  env,
  evictDurableObject,
  runDurableObjectAlarm,
  runInDurableObject,
} from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_SOCKETS_PER_PERSON, type ChatRoom } from '../../worker/chat/room/chat-room';
import { HISTORY_LIMIT, MessageStore } from '../../worker/chat/messages/message-store';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { signedInClient } from './support/api';
import { socketsOf } from './support/room-object';
import { createRoom, joinRoom, makePingRoundDue, ownerAndGuestJoined } from './support/rooms';
import { TestSocket } from './support/socket';

describe('the ChatRoom object', () => {
  it('keeps who joined under which nickname across hibernation, and loses no message', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Sleepy' });
    await a.emit('sendMessage', { text: 'before', roomId });

    await evictDurableObject(roomStub(env, roomId), { webSockets: 'hibernate' });

    expect(await b.emit('sendMessage', { text: 'after', roomId })).toEqual({});
    await a.waitFor(() => a.events('message').filter((m) => m.messageType === 'user').length === 2);
    const texts = a
      .events('message')
      .filter((m) => m.messageType === 'user')
      .map((m) => [m.user, m.text]);
    expect(texts).toEqual([
      ['Owner', 'before'],
      ['Guest', 'after'],
    ]);
    a.close();
    b.close();
  });

  it('writes the last message and the count to D1 from its alarm, not per message', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Summary', 'Owner');
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    await a.emit('sendMessage', { text: 'first', roomId });
    await a.emit('sendMessage', { text: 'second <b>bold</b>', roomId });
    const before = await env.DB.prepare(
      'SELECT last_message_html, message_count FROM rooms WHERE room_id = ?',
    )
      .bind(roomId)
      .first();
    expect(before).toEqual({ last_message_html: null, message_count: 0 });

    expect(await runDurableObjectAlarm(roomStub(env, roomId))).toBe(true);
    const after = await env.DB.prepare(
      'SELECT last_message_html, message_count FROM rooms WHERE room_id = ?',
    )
      .bind(roomId)
      .first();
    expect(after).toEqual({
      last_message_html: 'second &lt;b&gt;bold&lt;/b&gt;',
      message_count: 2,
    });
    const [listed] = (await owner.client.call('/rooms')).body;
    expect(listed.lastMessageExcerpt).toEqual({
      fullText: 'second &lt;b&gt;bold&lt;/b&gt;',
      plainText: 'second <b>bold</b>',
    });
    a.close();
  });

  it('pings its sockets from the alarm while any are open, and sleeps when none are', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Pings', 'Owner');
    const socket = await TestSocket.joined(owner.client, roomId, 'Owner');
    const stub = roomStub(env, roomId);
    await runInDurableObject(stub, (room: ChatRoom, state) => makePingRoundDue(room, state));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await socket.waitFor((frame) => frame === '2');
    socket.send('3');
    socket.close();
    await socket.waitForClose();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await runDurableObjectAlarm(stub);
    expect(
      await runInDurableObject(stub, (_room: ChatRoom, state) => state.storage.getAlarm()),
    ).toBeNull();
  });

  it('ends a socket that has not answered pings for the interval and the timeout', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Silent' });
    const stub = roomStub(env, roomId);
    await runInDurableObject(stub, (room: ChatRoom, state) => {
      // As if the guest's network died a minute ago: nothing heard from it since.
      const sockets = socketsOf(room);
      for (const [ws, { data }] of sockets.entries()) {
        if (data.nickname === 'Guest') sockets.heard(ws, Date.now() - 60_000);
      }
      makePingRoundDue(room, state);
    });
    await runDurableObjectAlarm(stub);

    await a.waitFor((frame) => frame.includes('Guest has left the room'));
    const online = await runInDurableObject(stub, (room: ChatRoom) =>
      socketsOf(room)
        .entries()
        .map(([, { data }]) => data.nickname),
    );
    expect(online).toEqual(['Owner']);
    expect(await a.emit('sendMessage', { text: 'still here', roomId })).toEqual({});
    a.close();
    b.close();
  });

  it(`refuses a person's socket beyond ${MAX_SOCKETS_PER_PERSON} in one room`, async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Crowded', 'Owner');
    const open = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_PERSON }, () =>
        TestSocket.connect(owner.client, roomId),
      ),
    );
    expect(open.every(({ answer }) => answer.startsWith('40'))).toBe(true);
    const extra = await TestSocket.connect(owner.client, roomId);
    expect(extra.answer).toBe(
      '44{"message":"Too many open connections to this room","data":{"code":"too_many_connections"}}',
    );
    open[0]!.socket.close();
    await open[0]!.socket.waitForClose();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await TestSocket.connect(owner.client, roomId)).answer).toMatch(/^40/);
  });

  it("finds a person's sockets by key, after a close and after hibernation", async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Keyed', 'Owner');
    const guest = await signedInClient();
    await joinRoom(guest.client, roomId, 'Guest');
    const owners = await Promise.all([1, 2, 3].map(() => TestSocket.connect(owner.client, roomId)));
    const guests = await TestSocket.connect(guest.client, roomId);
    const stub = roomStub(env, roomId);
    const counts = () =>
      runInDurableObject(stub, (room: ChatRoom) => [
        socketsOf(room).withKey(owner.user.id).size,
        socketsOf(room).withKey(guest.user.id).size,
      ]);
    expect(await counts()).toEqual([3, 1]);

    owners[0]!.socket.close();
    await owners[0]!.socket.waitForClose();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await counts()).toEqual([2, 1]);

    // A woken instance rebuilds the index from the sockets' attachments.
    await evictDurableObject(stub, { webSockets: 'hibernate' });
    expect(await counts()).toEqual([2, 1]);
    for (const { socket } of [...owners.slice(1), guests]) socket.close();
  });

  it('gives a room stored before exactly-once sends their column once, then checks no more', async () => {
    const stub = roomStub(env, 'old-layout-room-0001');
    const layout = await runInDurableObject(stub, (_room: ChatRoom, state) => {
      const { sql, kv } = state.storage;
      // The layout of rooms created before exactly-once sends, with one message in it.
      sql.exec('DROP TABLE messages');
      sql.exec(`CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT,
        user TEXT NOT NULL, text TEXT NOT NULL, type TEXT NOT NULL, created_at INTEGER NOT NULL)`);
      sql.exec(`INSERT INTO messages (user_id, user, text, type, created_at)
        VALUES ('u', 'Someone', 'from before', 'user', 1)`);
      kv.delete('messages:schema');
      const columns = () =>
        sql
          .exec<{ name: string }>('PRAGMA table_info(messages)')
          .toArray()
          .map((column) => column.name);
      const before = columns();
      const store = new MessageStore(sql, kv);
      const after = columns();
      const stored = store.add('u', 'Someone', 'after', 'user', 'client-1');
      // Marked done: a second start reads one key and runs no schema statement.
      sql.exec('DROP INDEX messages_client_id');
      new MessageStore(sql, kv);
      const indexes = sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index'")
        .toArray()
        .map((index) => index.name);
      return { before, after, history: store.since(0, 10), stored, indexes };
    });
    expect(layout.before).not.toContain('client_id');
    expect(layout.after).toContain('client_id');
    expect(layout.history.map((message) => message.text)).toEqual(['from before', 'after']);
    expect(layout.stored.id).toBe(2);
    expect(layout.indexes).not.toContain('messages_client_id');
  });

  it(`keeps only the newest ${HISTORY_LIMIT} messages`, async () => {
    const stub = roomStub(env, 'bounded-history-room-0001');
    const { oldest, count } = await runInDurableObject(stub, (room: ChatRoom) => {
      for (let i = 0; i < HISTORY_LIMIT + 200; i++)
        room.parts.messages.store.add('u', 'Someone', `m${i}`, 'user');
      return {
        oldest: room.parts.messages.store.since(0, HISTORY_LIMIT + 500)[0]?.id,
        count: room.parts.messages.store.count(),
      };
    });
    expect(count).toBeLessThanOrEqual(HISTORY_LIMIT + 100);
    expect(count).toBeGreaterThanOrEqual(HISTORY_LIMIT);
    expect(oldest).toBeGreaterThan(100);
  });

  it('answers no messages for a limit of 0 or less', async () => {
    const stub = roomStub(env, 'store-edges-room-0001');
    const [none, all, negative] = await runInDurableObject(stub, (room: ChatRoom) => {
      const { store } = room.parts.messages;
      for (const text of ['one', 'two']) store.add('u', 'Someone', text, 'user');
      return [store.since(0, 0), store.since(0, 1000), store.since(0, -1)] as const;
    });
    expect(none).toEqual([]);
    expect(all.map((message) => message.text)).toEqual(['one', 'two']);
    expect(negative).toEqual([]);
  });

  it('takes a change with no columns as a change of its time alone', async () => {
    const stub = roomStub(env, 'store-edges-room-0002');
    const after = await runInDurableObject(stub, (room: ChatRoom, state) => {
      const { store } = room.parts.messages;
      const message = store.add('u', 'Someone', 'one', 'user');
      store.change(message.id as number, {}, message);
      return state.storage.sql.exec('SELECT text, changed_at FROM messages').one();
    });
    expect(after.text).toBe('one');
    expect(after.changed_at).toEqual(expect.any(Number));
  });
});
