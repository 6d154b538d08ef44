/**
 * Posted messages are kept for recovery in their own rows (kept-messages.ts), not logged a
 * second time: a replay merges them with the recovery log by offset, offsets go on from the
 * newest of either after a restart, and pruning asks both.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { KEPT_QUERIES, keptMessages } from '../../worker/chat/messages/kept-messages';
import { JOINED } from '../../worker/chat/sockets/socket-state';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { mergeLogs } from '../../worker/socket-io/kept-events';
import { eventFrame } from '../../worker/socket-io/parser';
import { RecoveryStore, REPLAY_MAX_FRAMES } from '../../worker/socket-io/recovery';
import { ownerAndGuestJoined } from './support/rooms';
import { TestSocket } from './support/socket';

/** Each broadcast a socket got, as [event, its offset] (null: sent without one). */
function broadcastsOf(socket: TestSocket) {
  return socket.frames
    .filter((frame) => frame.startsWith('42['))
    .map((frame) => JSON.parse(frame.slice(2)) as unknown[])
    .map((args) => {
      const last = args.at(-1);
      return [args[0], typeof last === 'string' ? Number(last) : null] as const;
    });
}

/** The offset of the last broadcast `socket` got, as a client would claim it. */
const lastOffset = (socket: TestSocket) =>
  String(
    broadcastsOf(socket)
      .filter(([, offset]) => offset !== null)
      .at(-1)![1],
  );

const pidOf = (socket: TestSocket) =>
  JSON.parse(socket.frames.find((frame) => frame.startsWith('40'))!.slice(2)).pid as string;

/**
 * A room where the guest heard a message, then dropped (no DISCONNECT), and the owner heard them
 * leave: the guest's session and offset to recover with.
 */
async function guestDropped() {
  const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Kept' });
  expect(await a.emit('sendMessage', { text: 'before', roomId })).toEqual({});
  await b.waitFor((f) => f.includes('"before"'));
  const offset = lastOffset(b);
  const pid = pidOf(b);
  b.ws.close(4000);
  await a.waitFor((f) => f.includes('Guest has left the room'));
  return { guest, roomId, a, offset, pid };
}

/** How many parameters a query takes. */
const count = (query: string) => query.split('?').length - 1;

/** Sends a logged broadcast (one that takes an offset) from inside the room. */
const logTyping = (roomId: string, nickname: string) =>
  runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
    const server = room as unknown as {
      broadcast(event: string, args: unknown[], options: { room: string }): void;
    };
    server.broadcast('typing', [{ nickname }], { room: JOINED });
  });

describe('posted messages kept in their rows for recovery', () => {
  it('keeps a message’s offset in its row and logs no second copy of it', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Kept' });
    expect(await a.emit('sendMessage', { text: 'kept once', roomId })).toEqual({});
    const frame = await b.waitFor((f) => f.includes('kept once'));
    const offset = Number((JSON.parse(frame.slice(2)) as unknown[]).at(-1));
    const rows = await runInDurableObject(roomStub(env, roomId), (_room: ChatRoom, state) => {
      const { sql } = state.storage;
      return {
        message: sql
          .exec("SELECT recovery_offset FROM messages WHERE text LIKE '%kept once%'")
          .toArray(),
        logged: sql.exec('SELECT offset FROM sio_packets WHERE offset = ?', offset).toArray(),
      };
    });
    expect(rows.message).toEqual([{ recovery_offset: offset }]);
    expect(rows.logged).toEqual([]);
    a.close();
    b.close();
  });

  it('replays kept messages and logged broadcasts in the order the room sent them', async () => {
    const { guest, roomId, a, offset, pid } = await guestDropped();
    expect(await a.emit('sendMessage', { text: 'one', roomId })).toEqual({});
    await logTyping(roomId, 'between');
    expect(await a.emit('sendMessage', { text: 'two', roomId })).toEqual({});
    await a.waitFor((f) => f.includes('"two"'));
    const sent = broadcastsOf(a).slice(-3);

    const back = await TestSocket.open(guest.client, roomId);
    back.send(`40${JSON.stringify({ pid, offset })}`);
    await back.waitFor((f) => f.includes('"two"'));
    // What the owner heard after the departure, with the same offsets, in the same order.
    expect(broadcastsOf(back).slice(0, 3)).toEqual(sent);
    expect(sent.map(([event]) => event)).toEqual(['message', 'typing', 'message']);
    expect(back.events('typing')).toEqual([{ nickname: 'between' }]);
    a.close();
    back.close();
  });

  it('replays a message deleted meanwhile as it is now, then its deletion', async () => {
    const { guest, roomId, a, offset, pid } = await guestDropped();
    const sent = await a.emit('sendMessage', {
      text: 'taken back',
      clientId: crypto.randomUUID(),
      roomId,
    });
    const message = { id: sent.id as number };
    await a.waitFor((f) => f.includes('taken back'));
    expect(await a.emit('deleteMessage', { messageId: message.id, roomId })).toEqual({});
    await a.waitForEvent('messageDeleted');

    const back = await TestSocket.open(guest.client, roomId);
    back.send(`40${JSON.stringify({ pid, offset })}`);
    await back.waitForEvent('messageDeleted');
    const replayed = back.events('message').find((m) => m.id === message.id);
    expect(replayed).toMatchObject({ id: message.id, deleted: true });
    expect(replayed.text).not.toContain('taken back');
    expect(back.events('messageDeleted')).toEqual([{ id: message.id }]);
    a.close();
    back.close();
  });

  it('reads kept messages from the recovery_offset index, never by a scan of the history', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Kept' });
    const plans = await runInDurableObject(roomStub(env, roomId), (_room: ChatRoom, state) =>
      Object.values(KEPT_QUERIES).map((query) =>
        state.storage.sql
          .exec<{ detail: string }>(`EXPLAIN QUERY PLAN ${query}`, ...[1, 2].slice(0, count(query)))
          .toArray()
          .map((row) => row.detail)
          .join('; '),
      ),
    );
    for (const plan of plans)
      expect(plan).toMatch(/USING (COVERING )?INDEX messages_recovery_offset/);
    a.close();
    b.close();
  });

  it('goes on from the newest kept offset after a restart', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Kept' });
    expect(await a.emit('sendMessage', { text: 'newest', roomId })).toEqual({});
    await b.waitFor((f) => f.includes('"newest"'));
    const newest = Number(lastOffset(b));
    await runInDurableObject(roomStub(env, roomId), (_room: ChatRoom, state) => {
      const { sql, kv } = state.storage;
      // The log alone ends before the message: a restart that read it alone would reuse it.
      expect(new RecoveryStore(sql, kv, 120_000).nextOffset()).toBeLessThanOrEqual(newest);
      const store = new RecoveryStore(sql, kv, 120_000);
      store.keepEventsIn(keptMessages(sql));
      expect(store.nextOffset()).toBe(newest + 1);
    });
    a.close();
    b.close();
  });

  it('prunes by both logs: a replay reaches back to the first broadcast of either in the window', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Kept' });
    expect(await a.emit('sendMessage', { text: 'message', roomId })).toEqual({});
    await b.waitFor((f) => f.includes('"message"'));
    const message = Number(lastOffset(b));
    await logTyping(roomId, 'after it');
    await runInDurableObject(roomStub(env, roomId), (_room: ChatRoom, state) => {
      const { sql, kv } = state.storage;
      const store = new RecoveryStore(sql, kv, 120_000);
      store.keepEventsIn(keptMessages(sql));
      const prunedUpTo = () => kv.get('sio:prunedUpTo');
      const old = Date.now() - 121_000;
      // The log's rows before the message are past the window; the message and the row after
      // it are not. Asking the log alone would prune up to that row, the message with it.
      sql.exec('UPDATE sio_packets SET at = ? WHERE offset < ?', old, message);
      store.prune();
      expect(prunedUpTo()).toBe(message - 1);
      expect(sql.exec('SELECT MIN(offset) AS o FROM sio_packets').one().o).toBe(message + 1);
      // The message past it too: the log's row after it is the first kept.
      sql.exec('UPDATE messages SET created_at = ?', old);
      store.prune();
      expect(prunedUpTo()).toBe(message);
      // Everything past it: nothing before the next offset is replayed.
      sql.exec('UPDATE sio_packets SET at = ?', old);
      store.prune();
      expect(prunedUpTo()).toBe(message + 1);
      expect(store.nextOffset()).toBe(message + 2);
    });
    a.close();
    b.close();
  });

  it('does not recover a gap of more kept messages than a replay carries', async () => {
    const { guest, roomId, a, offset, pid } = await guestDropped();
    // The departure is logged; these fill the rest of a replay and one more.
    await runInDurableObject(roomStub(env, roomId), async (room: ChatRoom) => {
      const posts = Array.from({ length: REPLAY_MAX_FRAMES }, (_, i) =>
        room.parts.messages.post(null, 'Moderator', `m${i}`),
      );
      await Promise.all(posts);
    });
    const back = await TestSocket.open(guest.client, roomId);
    back.send(`40${JSON.stringify({ pid, offset })}`);
    const answer = JSON.parse((await back.waitFor((f) => f.startsWith('40'))).slice(2));
    expect(answer.pid).not.toBe(pid);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(back.events('message').filter((m) => /^<p>m\d+/.test(m.text))).toEqual([]);
    a.close();
    back.close();
  });

  it('refuses a logged broadcast while a stored one is being stored: it would take its place', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Kept' });
    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      const server = room as unknown as {
        broadcast(event: string, args: unknown[], options: { room: string }): void;
        broadcastStored(event: string, store: () => unknown[], room: string): void;
      };
      const inside = () =>
        server.broadcastStored(
          'typing',
          () => {
            server.broadcast('typing', [{ nickname: 'inside' }], { room: JOINED });
            return [{ nickname: 'outside' }];
          },
          JOINED,
        );
      expect(inside).toThrow('a logged broadcast while a stored one is being stored');
      // Over once it has thrown: the next broadcast goes out.
      server.broadcast('typing', [{ nickname: 'next' }], { room: JOINED });
    });
    await b.waitFor((f) => f.includes('"next"'));
    expect(b.events('typing').map((event) => event.nickname)).toEqual(['next']);
    a.close();
    b.close();
  });
});

describe('merging the two logs', () => {
  const logged = (offset: number) => ({ offset, room: '', except_sids: '', frame: `f${offset}` });
  const kept = (offset: number) => ({ offset, room: 'r', data: ['message', { id: offset }] });

  it('takes both in offset order, encodes the kept with their offset last, and stops at the limit', () => {
    const merged = mergeLogs([logged(2), logged(5)], [kept(1), kept(3), kept(4), kept(6)], 5);
    expect(merged.map((packet) => packet.offset)).toEqual([1, 2, 3, 4, 5]);
    expect(merged[0]).toEqual({
      offset: 1,
      room: 'r',
      except_sids: '',
      frame: eventFrame('/', ['message', { id: 1 }, '1']),
    });
    expect(merged[1]!.frame).toBe('f2');
  });

  it('answers either log alone', () => {
    expect(mergeLogs([logged(1)], [], 10).map((p) => p.frame)).toEqual(['f1']);
    expect(mergeLogs([], [kept(7)], 10).map((p) => p.frame)).toEqual([
      '42["message",{"id":7},"7"]',
    ]);
    expect(mergeLogs([], [], 10)).toEqual([]);
  });
});
