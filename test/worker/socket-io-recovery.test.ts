/**
 * Exactly-once sends (a clientId per message) and connection-state recovery (socket.io 4.6's
 * `{ pid, offset }`), on a room's real sockets.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { PRESENCE_INTERVAL_MS } from '../../worker/chat/presence/presence-batch';
import { RecentRemovals } from '../../worker/chat/room/recent-removals';
import { JOINED } from '../../worker/chat/sockets/socket-state';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { closeOrphans } from '../../worker/socket-io/alive-clock';
import { RecoveryStore, REPLAY_MAX_FRAMES } from '../../worker/socket-io/recovery';
import { joinRoom, ownerAndGuestJoined } from './support/rooms';
import { sleep } from './support/room-object';
import { TestSocket } from './support/socket';

const userTexts = (socket: TestSocket) =>
  socket
    .events('message')
    .filter((m) => m.messageType === 'user')
    .map((m) => m.text);

/**
 * `b` has had a logged broadcast, so it holds an offset: a message from `a` (the online list is
 * volatile, room-presence.ts).
 */
async function heardOnce(a: TestSocket, b: TestSocket, roomId: string) {
  expect(await a.emit('sendMessage', { text: 'before the drop', roomId })).toEqual({});
  await b.waitFor(() => userTexts(b).includes('before the drop'));
}

/** The socket's CONNECT answer and the offset of the last broadcast it got. */
function sessionOf(socket: TestSocket) {
  const { sid, pid } = JSON.parse(socket.frames.find((f) => f.startsWith('40'))!.slice(2));
  const broadcasts = socket.frames
    .filter((f) => f.startsWith('42['))
    .map((f) => JSON.parse(f.slice(2)) as unknown[])
    .filter((args) => typeof args.at(-1) === 'string');
  return { sid, pid, offset: broadcasts.at(-1)?.at(-1) as string };
}

describe('exactly-once sends', () => {
  it('answers a resend with the first send’s ack and stores and delivers nothing new', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Recovery' });
    const clientId = crypto.randomUUID();
    const first = await a.emit('sendMessage', { text: 'once', roomId, clientId });
    expect(first).toEqual({ id: expect.any(Number) });
    const again = await a.emit('sendMessage', { text: 'once', roomId, clientId });
    expect(again).toEqual(first);
    // Two at once, as after a reconnect that resends while the first is still being stored.
    const twin = crypto.randomUUID();
    const [x, y] = await Promise.all([
      a.emit('sendMessage', { text: 'twin', roomId, clientId: twin }),
      a.emit('sendMessage', { text: 'twin', roomId, clientId: twin }),
    ]);
    expect(x).toEqual(y);
    expect(await a.emit('sendMessage', { text: 'last', roomId })).toEqual({});
    await b.waitFor(() => userTexts(b).includes('last'));
    expect(userTexts(b)).toEqual(['once', 'twin', 'last']);
    const count = await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) =>
      room.parts.messages.store.count(),
    );
    expect(count).toBe(3);
    a.close();
    b.close();
  });

  it('acknowledges a send in the frame right before its broadcast', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Recovery' });
    const clientId = crypto.randomUUID();
    const ack = await a.emit('sendMessage', { text: 'ack next', roomId, clientId });
    expect(ack).toEqual({ id: expect.any(Number) });
    await a.waitFor((frame) => frame.includes('"ack next"'));
    const messageAt = a.frames.findIndex((frame) => frame.includes('"ack next"'));
    // Nothing in between: the client knows the id when the message comes, and swaps its
    // 'Sending…' entry for the message at once (never showing the text twice).
    expect(messageAt).toBeGreaterThan(0);
    expect(a.frames[messageAt - 1]).toMatch(new RegExp(`^43\\d+\\[\\{"id":${ack.id}\\}\\]$`));
    a.close();
    b.close();
  });

  it('refuses a clientId that is not a UUID', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Recovery' });
    const ack = await a.emit('sendMessage', { text: 'x', roomId, clientId: 'abc' });
    expect(ack).toEqual({ error: 'clientId must be a UUID', code: 'invalid_payload' });
    a.close();
    b.close();
  });
});

describe('connection-state recovery', () => {
  it('gives a dropped socket its sid back and replays what it missed, once', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Recovery' });
    await heardOnce(a, b, roomId);
    const { sid, pid, offset } = sessionOf(b);
    expect(offset).toMatch(/^\d+$/);
    b.ws.close(4000); // the network drops: no Socket.IO DISCONNECT
    await a.waitFor((frame) => frame.includes('Guest has left the room'));
    expect(await a.emit('sendMessage', { text: 'while away', roomId })).toEqual({});

    const back = await TestSocket.open(guest.client, roomId);
    back.send(`40${JSON.stringify({ pid, offset })}`);
    const answer = await back.waitFor((f) => f.startsWith('40'));
    expect(JSON.parse(answer.slice(2))).toEqual({ sid, pid });
    await back.waitFor(() => userTexts(back).includes('while away'));
    // Joined again without a join: sends are accepted, and the room hears the return.
    expect(await back.emit('sendMessage', { text: 'back', roomId })).toEqual({});
    await back.waitFor((frame) => frame.includes('"back"'));
    await a.waitFor((frame) => frame.includes('Guest has joined the room'));
    expect(back.events('chatHistory')).toEqual([]);
    expect(userTexts(back)).toEqual(['while away', 'back']);
    // Its own departure was never meant for it.
    expect(back.frames.some((f) => f.includes('Guest has left the room'))).toBe(false);
    a.close();
    back.close();
  });

  it('replays no online lists: a recovered socket is sent the list as it is then', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Recovery' });
    await heardOnce(a, b, roomId);
    const { pid, offset } = sessionOf(b);
    b.ws.close(4000);
    // While the guest is away the owner's list loses them: a list the guest must not replay.
    await a.waitFor(() => a.events('roomData').at(-1)?.users.length === 1);
    const roomDataFrames = a.frames.filter((f) => f.startsWith('42["roomData"'));
    expect(roomDataFrames.map((f) => typeof JSON.parse(f.slice(2)).at(-1))).not.toContain('string');

    const back = await TestSocket.open(guest.client, roomId);
    back.send(`40${JSON.stringify({ pid, offset })}`);
    await back.waitFor((f) => f.startsWith('40'));
    const [list] = await back.waitForEvent('roomData');
    expect(list.users.map((user: { nickname: string }) => user.nickname).sort()).toEqual([
      'Guest',
      'Owner',
    ]);
    a.close();
    back.close();
  });

  it('sends a socket recovered beside another tab the list, and the others none', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Recovery' });
    const tab = await TestSocket.joined(guest.client, roomId, 'Guest');
    await heardOnce(a, b, roomId);
    await sleep(PRESENCE_INTERVAL_MS * 2);
    const lists = a.events('roomData').length;
    const { pid, offset } = sessionOf(b);
    b.ws.close(4000);
    await b.waitForClose();

    const back = await TestSocket.open(guest.client, roomId);
    back.send(`40${JSON.stringify({ pid, offset })}`);
    await back.waitFor((f) => f.startsWith('40'));
    const [list] = await back.waitForEvent('roomData');
    expect(list.users).toEqual([{ nickname: 'Guest' }, { nickname: 'Owner' }]);
    // The guest was online in the other tab all along: the owner's list never changed.
    await sleep(PRESENCE_INTERVAL_MS * 3);
    expect(a.events('roomData')).toHaveLength(lists);
    expect(tab.events('roomData').at(-1).users).toEqual(list.users);
    [a, back, tab].forEach((socket) => socket.close());
  });

  it('does not restore a session that never joined: the client would take it for joined', async () => {
    const { guest, roomId, a } = await ownerAndGuestJoined({ name: 'Recovery' });
    const { socket: fresh } = await TestSocket.connect(guest.client, roomId);
    const { sid, pid } = sessionOf(fresh);
    fresh.ws.close(4000); // dropped before it joined
    await fresh.waitForClose();

    const back = await TestSocket.open(guest.client, roomId);
    back.send(`40${JSON.stringify({ pid })}`);
    const answer = JSON.parse((await back.waitFor((f) => f.startsWith('40'))).slice(2));
    expect(answer.sid).not.toBe(sid);
    expect(answer.pid).not.toBe(pid);
    expect(await back.emit('sendMessage', { text: 'not yet', roomId })).toEqual({
      error: 'Join the room before sending messages',
      code: 'not_joined',
    });
    a.close();
    back.close();
  });

  it('writes new sessions with the next logged broadcast, or within a second, not one by one', async () => {
    const { owner, guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Recovery' });
    const written = (pid: string) =>
      runInDurableObject(roomStub(env, roomId), (room: ChatRoom) =>
        (room as unknown as { ctx: DurableObjectState }).ctx.storage.sql
          .exec('SELECT pid FROM sio_sessions WHERE pid = ?', pid)
          .toArray(),
      ).then((rows) => rows.length === 1);
    // The joins' presence news is out (logged), so nothing else is waiting to be broadcast.
    await a.waitFor((frame) => frame.includes('Guest has joined the room'));
    const { socket: first } = await TestSocket.connect(guest.client, roomId);
    const { socket: second } = await TestSocket.connect(owner.client, roomId);
    const [one, two] = [sessionOf(first).pid, sessionOf(second).pid];
    expect(await written(one)).toBe(false);
    expect(await written(two)).toBe(false);
    // A broadcast commits anyway: both sessions are written with it.
    expect(await a.emit('sendMessage', { text: 'carries them', roomId })).toEqual({});
    expect(await written(one)).toBe(true);
    expect(await written(two)).toBe(true);
    // Without a broadcast, the batch is written after a second at most.
    const { socket: third } = await TestSocket.connect(guest.client, roomId);
    const three = sessionOf(third).pid;
    expect(await written(three)).toBe(false);
    await sleep(1100);
    expect(await written(three)).toBe(true);
    for (const socket of [a, b, first, second, third]) socket.close();
  });

  it('does not restore a session to another person, after a DISCONNECT, or twice at once', async () => {
    const { owner, guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Recovery' });
    const { sid, pid, offset } = sessionOf(b);
    b.ws.close(4000);
    await a.waitFor((frame) => frame.includes('Guest has left the room'));

    const thief = await TestSocket.open(owner.client, roomId);
    thief.send(`40${JSON.stringify({ pid, offset })}`);
    const stolen = JSON.parse((await thief.waitFor((f) => f.startsWith('40'))).slice(2));
    expect(stolen.sid).not.toBe(sid);
    expect(stolen.pid).not.toBe(pid);

    const back = await TestSocket.open(guest.client, roomId);
    back.send(`40${JSON.stringify({ pid, offset })}`);
    expect(JSON.parse((await back.waitFor((f) => f.startsWith('40'))).slice(2)).sid).toBe(sid);
    const twice = await TestSocket.open(guest.client, roomId);
    twice.send(`40${JSON.stringify({ pid, offset })}`);
    expect(JSON.parse((await twice.waitFor((f) => f.startsWith('40'))).slice(2)).sid).not.toBe(sid);

    // A DISCONNECT ends the session for good.
    back.send('41');
    await new Promise((resolve) => setTimeout(resolve, 50));
    back.close();
    const after = await TestSocket.open(guest.client, roomId);
    after.send(`40${JSON.stringify({ pid, offset })}`);
    expect(JSON.parse((await after.waitFor((f) => f.startsWith('40'))).slice(2)).sid).not.toBe(sid);
    for (const socket of [a, thief, twice, after]) socket.close();
  });

  it('does not resume a kicked person’s dropped session, even once they are let back in', async () => {
    const { owner, guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Recovery' });
    const { sid, pid, offset } = sessionOf(b);
    b.ws.close(4000); // dropped, so no socket of theirs is left for the kick to end
    await a.waitFor((frame) => frame.includes('Guest has left the room'));
    const kick = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: guest.user.id },
    });
    expect(kick.status).toBe(200);
    expect(await a.emit('sendMessage', { text: 'while removed', roomId })).toEqual({});
    const unban = await owner.client.call(`/rooms/${roomId}/bans/${guest.user.id}`, {
      method: 'DELETE',
    });
    expect(unban.status).toBe(200);
    expect((await joinRoom(guest.client, roomId, 'Guest')).status).toBe(200);
    // The room's memory of recent removals lasts a minute, or until the object is evicted.
    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      (room.parts.gate as unknown as { removals: RecentRemovals }).removals = new RecentRemovals();
    });

    const back = await TestSocket.open(guest.client, roomId);
    back.send(`40${JSON.stringify({ pid, offset })}`);
    const answer = JSON.parse((await back.waitFor((f) => f.startsWith('40'))).slice(2));
    expect(answer.sid).not.toBe(sid);
    expect(await back.emit('sendMessage', { text: 'not joined', roomId })).toEqual({
      error: 'Join the room before sending messages',
      code: 'not_joined',
    });
    expect(userTexts(back)).toEqual([]);
    a.close();
    back.close();
  });

  it('does not replay read positions to a person who stopped sharing while away', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Recovery' });
    await heardOnce(a, b, roomId);
    const { sid, pid, offset } = sessionOf(b);
    b.ws.close(4000); // dropped while sharing: its session is in SEEN
    await a.waitFor((frame) => frame.includes('Guest has left the room'));
    const stopped = await guest.client.call('/user/preferences', {
      method: 'PATCH',
      body: { shareReads: false },
    });
    expect(stopped.status).toBe(200);
    // The owner reads meanwhile: a `seen` to the sharers, logged for recovery.
    const { id } = await a.emit('sendMessage', {
      text: 'read me',
      roomId,
      clientId: crypto.randomUUID(),
    });
    expect(await a.emit('read', { messageId: id })).toEqual({});
    await a.waitFor(
      (frame) => frame.startsWith('42["seen"') && frame.includes(`"messageId":${id}`),
    );

    const back = await TestSocket.open(guest.client, roomId);
    back.send(`40${JSON.stringify({ pid, offset })}`);
    const answer = JSON.parse((await back.waitFor((f) => f.startsWith('40'))).slice(2));
    await sleep(100);
    // Nobody's position reaches someone who no longer shares theirs: the session is not
    // resumed (the client joins afresh), and no `seen` comes with it.
    expect(back.events('seen')).toEqual([]);
    expect(answer.sid).not.toBe(sid);
    a.close();
    back.close();
  });

  it('does not resume a session saved before the person started sharing reads', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Recovery' });
    const share = (on: boolean) =>
      guest.client.call('/user/preferences', { method: 'PATCH', body: { shareReads: on } });
    expect((await share(false)).status).toBe(200);
    await heardOnce(a, b, roomId);
    const { sid, pid, offset } = sessionOf(b);
    b.ws.close(4000); // dropped while not sharing: its session is not in SEEN
    await a.waitFor((frame) => frame.includes('Guest has left the room'));
    expect((await share(true)).status).toBe(200);

    // Resumed, it would hear nobody's position; afresh, its join gets them all.
    const back = await TestSocket.open(guest.client, roomId);
    back.send(`40${JSON.stringify({ pid, offset })}`);
    const answer = JSON.parse((await back.waitFor((f) => f.startsWith('40'))).slice(2));
    expect(answer.sid).not.toBe(sid);
    a.close();
    back.close();
  });

  it('writes each session of a batch with its own rooms, data and start', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Recovery' });
    await runInDurableObject(roomStub(env, roomId), (_room: ChatRoom, state) => {
      const { sql, kv } = state.storage;
      const store = new RecoveryStore<{ who: string } | null>(sql, kv, 120_000);
      // Offsets taken without logging: the room's own store logs the next broadcasts.
      const start = store.nextOffset();
      store.save('batch-1', '/', { sid: 's1', pid: 'batch-1', rooms: [] }, { who: 'one' });
      store.save('batch-2', '/a', { sid: 's2', pid: 'batch-2', rooms: ['x', 'y'] }, null);
      // A second save of the same session before the write: its newest state, its first start.
      store.nextOffset();
      store.save('batch-1', '/', { sid: 's1', pid: 'batch-1', rooms: ['z'] }, { who: "o'ne" });
      store.flush();
      const rows = sql
        .exec(
          "SELECT pid, nsp, sid, rooms, data, start_offset, typeof(start_offset) AS kind FROM sio_sessions WHERE pid LIKE 'batch-%' ORDER BY pid",
        )
        .toArray();
      expect(rows).toEqual([
        {
          pid: 'batch-1',
          nsp: '/',
          sid: 's1',
          rooms: '["z"]',
          data: '{"who":"o\'ne"}',
          start_offset: start,
          kind: 'integer',
        },
        {
          pid: 'batch-2',
          nsp: '/a',
          sid: 's2',
          rooms: '["x","y"]',
          data: 'null',
          start_offset: start,
          kind: 'integer',
        },
      ]);
      store.forget('batch-1');
      store.forget('batch-2');
    });
    a.close();
    b.close();
  });

  it('tells a session its socket ended with the runtime from one that disconnected', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Recovery' });
    await runInDurableObject(roomStub(env, roomId), (_room: ChatRoom, state) => {
      const { sql, kv } = state.storage;
      const store = new RecoveryStore<{ who: string }>(sql, kv, 120_000);
      const record = { sid: 'sid-1', pid: 'pid-1', rooms: ['joined'] };
      const missed = () => store.restore('pid-1', '/', undefined)?.missedDisconnect;
      store.save('pid-1', '/', record, { who: 'x' });
      // Still marked live, with no socket holding it: the runtime went down under it.
      expect(missed()).toBe(true);
      store.disconnected('pid-1');
      expect(missed()).toBe(false);
      // Live again, then a restart: the heartbeat finds it orphaned.
      store.save('pid-1', '/', record, { who: 'x' });
      store.flush();
      closeOrphans(sql, kv, []);
      expect(missed()).toBe(true);
      store.forget('pid-1');
    });
    a.close();
    b.close();
  });

  it('forgets a session older than two minutes', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Recovery' });
    const { sid, pid, offset } = sessionOf(b);
    b.ws.close(4000);
    await a.waitFor((frame) => frame.includes('Guest has left the room'));
    await runInDurableObject(roomStub(env, roomId), (_room: ChatRoom, state) => {
      state.storage.sql.exec('UPDATE sio_sessions SET disconnected_at = ?', Date.now() - 121_000);
    });
    const back = await TestSocket.open(guest.client, roomId);
    back.send(`40${JSON.stringify({ pid, offset })}`);
    expect(JSON.parse((await back.waitFor((f) => f.startsWith('40'))).slice(2)).sid).not.toBe(sid);
    a.close();
    back.close();
  });

  it('replays only what came after the session began, whatever offset is claimed', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Recovery' });
    expect(await a.emit('sendMessage', { text: 'before the drop', roomId })).toEqual({});
    await b.waitFor(() => userTexts(b).includes('before the drop'));
    const { sid, pid } = sessionOf(b);
    b.ws.close(4000);
    await a.waitFor((frame) => frame.includes('Guest has left the room'));
    expect(await a.emit('sendMessage', { text: 'while away', roomId })).toEqual({});

    // Offset 0 claims everything since the room began, the owner's arrival among it.
    const back = await TestSocket.open(guest.client, roomId);
    back.send(`40${JSON.stringify({ pid, offset: '0' })}`);
    expect(JSON.parse((await back.waitFor((f) => f.startsWith('40'))).slice(2)).sid).toBe(sid);
    await back.waitFor(() => userTexts(back).includes('while away'));
    expect(userTexts(back)).not.toContain('Owner has joined the room');
    expect(back.frames.filter((f) => f.includes('Owner has joined the room'))).toEqual([]);
    a.close();
    back.close();
  });

  it('does not recover a gap longer than a replay carries: the client connects afresh', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Recovery' });
    await heardOnce(a, b, roomId);
    const { sid, pid, offset } = sessionOf(b);
    b.ws.close(4000);
    await a.waitFor((frame) => frame.includes('Guest has left the room'));
    const stub = roomStub(env, roomId);
    const broadcastMany = (count: number) =>
      runInDurableObject(stub, (room: ChatRoom) => {
        const server = room as unknown as {
          broadcast(event: string, args: unknown[], options: { room: string }): void;
        };
        for (let i = 0; i < count; i++)
          server.broadcast('typing', [{ nickname: `n${i}` }], { room: JOINED });
      });
    // The guest's departure is logged too: the log after its offset is made exactly full.
    const logged = await runInDurableObject(stub, (_room: ChatRoom, state) =>
      state.storage.sql
        .exec<{ n: number }>('SELECT COUNT(*) AS n FROM sio_packets WHERE offset > ?', offset)
        .one(),
    );
    await broadcastMany(REPLAY_MAX_FRAMES - logged.n);

    // Exactly as many as a replay carries: recovered.
    const within = await TestSocket.open(guest.client, roomId);
    within.send(`40${JSON.stringify({ pid, offset })}`);
    expect(JSON.parse((await within.waitFor((f) => f.startsWith('40'))).slice(2)).sid).toBe(sid);
    await within.waitForEvent('typing', REPLAY_MAX_FRAMES - logged.n);
    const next = sessionOf(within);
    within.ws.close(4000);
    await a.waitFor(() => a.frames.filter((f) => f.includes('Guest has left the room')).length > 1);

    // One more than that: a fresh session, and nothing replayed.
    await broadcastMany(REPLAY_MAX_FRAMES + 1);
    const beyond = await TestSocket.open(guest.client, roomId);
    beyond.send(`40${JSON.stringify({ pid: next.pid, offset: next.offset })}`);
    const answer = JSON.parse((await beyond.waitFor((f) => f.startsWith('40'))).slice(2));
    expect(answer.sid).not.toBe(sid);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(beyond.events('typing')).toEqual([]);
    a.close();
    beyond.close();
  });
});
