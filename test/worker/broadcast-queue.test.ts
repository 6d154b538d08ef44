/**
 * A broadcast to 'all' goes through the 'broadcasts' queue (Miniflare's, in workerd): the
 * request answers 202 at once, the consumer reaches every room, and the status call follows it.
 * Then the consumer alone, driven message by message with stand-ins for the room objects and
 * the queue, so that failures, retries, repeats and deletions happen on cue.
 */
import {
  createExecutionContext,
  createMessageBatch,
  env,
  getQueueResult,
  listDurableObjectIds,
  runInDurableObject,
} from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { roomStub } from '../../worker/room-calls/room-rpc';
import type { BroadcastMessage, DeliverMessage } from '../../worker/queues/broadcast-messages';
import { handleBroadcastBatch } from '../../worker/queues/broadcast-consumer';
import { readBroadcastStatus } from '../../worker/queues/broadcast-progress';
import { startBroadcast } from '../../worker/queues/start-broadcast';
import { signedInClient } from './support/api';
import { signedInAdmin } from './support/admin';
import { insertRooms, waitForBroadcast } from './support/broadcasts';
import { createRoom } from './support/rooms';
import { TestSocket } from './support/socket';

const ROOMS = 5000;

describe("POST /api/admin/broadcast with roomId 'all'", () => {
  it(`delivers to every one of ${ROOMS} rooms, and the status counts them`, async () => {
    const admin = await signedInAdmin();
    // Two rooms with a person listening, among thousands of rooms nobody has opened yet.
    const listeners = await Promise.all(
      ['Listening A', 'Listening B'].map(async (name) => {
        const member = await signedInClient();
        const roomId = await createRoom(member.client, name, 'Member');
        return { roomId, socket: await TestSocket.joined(member.client, roomId, 'Member') };
      }),
    );
    const inserted = await insertRooms(ROOMS - listeners.length, 'bulk');
    const allRooms = [...listeners.map((l) => l.roomId), ...inserted];

    const res = await admin.client.call('/admin/broadcast', {
      body: { roomId: 'all', message: 'Scheduled maintenance', messageType: 'system-simple' },
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ success: true, rooms: ROOMS });
    expect(typeof res.body.broadcastId).toBe('string');

    const status = await waitForBroadcast(admin.client, res.body.broadcastId, 270_000);
    expect(status).toEqual({
      broadcastId: res.body.broadcastId,
      total: ROOMS,
      delivered: ROOMS,
      failed: 0,
      done: true,
    });

    for (const { socket } of listeners) {
      const [event] = await socket.waitForEvent('admin-broadcast');
      expect(event.message).toMatchObject({
        messageType: 'system-simple',
        text: 'Scheduled maintenance',
      });
      socket.close();
    }
    // Every room's object was called: an object learns its room (and stores it) from its
    // first call, and none of the inserted rooms had been opened before the broadcast.
    const reached = new Set((await listDurableObjectIds(env.CHAT_ROOM)).map((id) => id.toString()));
    const missing = allRooms.filter(
      (roomId) => !reached.has(env.CHAT_ROOM.idFromName(roomId).toString()),
    );
    expect(missing).toEqual([]);
    for (const roomId of [inserted[0]!, inserted.at(-1)!]) {
      const stored = await runInDurableObject(
        env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(roomId)),
        (_room, state) => state.storage.kv.get<string>('roomId'),
      );
      expect(stored).toBe(roomId);
    }
    // The audit trail keeps the broadcast, with its id and how many rooms it was for.
    const audit = await env.DB.prepare(
      "SELECT details FROM security_events WHERE event_type = 'admin_broadcast' ORDER BY id DESC LIMIT 1",
    ).first<{ details: string }>();
    expect(JSON.parse(audit!.details)).toMatchObject({
      target: 'all',
      rooms: ROOMS,
      broadcastId: res.body.broadcastId,
    });
  }, 300_000);
});

interface Queued {
  body: BroadcastMessage;
  delaySeconds?: number;
}

/** An env whose room objects answer through `call` and whose queue only records. */
function standIns(call: (roomId: string) => void) {
  const queued: Queued[] = [];
  const calls: string[] = [];
  const queue = {
    async sendBatch(messages: { body: BroadcastMessage }[], options?: { delaySeconds?: number }) {
      for (const { body } of messages) queued.push({ body, delaySeconds: options?.delaySeconds });
    },
    async send(body: BroadcastMessage, options?: { delaySeconds?: number }) {
      queued.push({ body, delaySeconds: options?.delaySeconds });
    },
  };
  const rooms = {
    idFromName: (name: string) => name,
    get: (roomId: string) => ({
      adminBroadcast: async () => {
        calls.push(roomId);
        call(roomId);
      },
    }),
  };
  const fakeEnv = { ...env, CHAT_ROOM: rooms, BROADCAST_QUEUE: queue } as unknown as Env;
  return { fakeEnv, queued, calls };
}

let batches = 0;
/** Runs the consumer on these messages as one batch; answers which were acknowledged. */
async function consume(fakeEnv: Env, bodies: BroadcastMessage[]) {
  const ctx = createExecutionContext();
  batches += 1;
  const batch = createMessageBatch<BroadcastMessage>(
    'broadcasts',
    bodies.map((body, i) => ({ id: `m${batches}-${i}`, timestamp: Date.now(), attempts: 1, body })),
  );
  await handleBroadcastBatch(batch, fakeEnv);
  return getQueueResult(batch, ctx);
}

/**
 * Runs the consumer as the queue would: one message at a time, a retried message again with
 * its `attempts` counted up, and every message it queued after it, until none is left.
 */
async function drain(fakeEnv: Env, queued: Queued[], bodies: BroadcastMessage[]) {
  const pending = bodies.map((body) => ({ body, attempts: 1 }));
  for (let turn = 0; pending.length > 0; turn += 1) {
    expect(turn, 'the queue never drained').toBeLessThan(50);
    const { body, attempts } = pending.shift()!;
    const ctx = createExecutionContext();
    batches += 1;
    const id = `m${batches}`;
    const batch = createMessageBatch<BroadcastMessage>('broadcasts', [
      { id, timestamp: Date.now(), attempts, body },
    ]);
    await handleBroadcastBatch(batch, fakeEnv);
    const result = await getQueueResult(batch, ctx);
    if (result.retryMessages.some((retry) => retry.msgId === id)) {
      pending.push({ body, attempts: attempts + 1 });
    }
    pending.push(...queued.splice(0).map((item) => ({ body: item.body, attempts: 1 })));
  }
}

/** D1 whose first write counting deliveries fails (lost to a network blip, say). */
function failingFirstDeliveryCount(): D1Database {
  const counting = new WeakSet<D1PreparedStatement>();
  let failed = false;
  return new Proxy(env.DB, {
    get(target, property) {
      if (property === 'prepare') {
        return (sql: string) => {
          const statement = target.prepare(sql);
          if (!sql.includes('delivered = delivered')) return statement;
          // bind() answers a new statement: that is the one the batch gets.
          return {
            bind: (...values: unknown[]) => {
              const bound = statement.bind(...values);
              counting.add(bound);
              return bound;
            },
          };
        };
      }
      if (property === 'batch') {
        return async (statements: D1PreparedStatement[]) => {
          if (!failed && statements.some((statement) => counting.has(statement))) {
            failed = true;
            throw new Error('D1_ERROR: Network connection lost');
          }
          return target.batch(statements);
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function newBroadcastRow(total: number) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO broadcasts (id, message_type, html, total, queued, parts_pending)
     VALUES (?, 'system-simple', 'hi', ?, ?, 0)`,
  )
    .bind(id, total, total)
    .run();
  return id;
}

/** A delivery of `broadcastId` to rooms named by their ids, as one step of its range. */
function deliveryTo(
  broadcastId: string,
  roomIds: string[],
  extra: Partial<DeliverMessage> = {},
): DeliverMessage {
  return {
    kind: 'deliver',
    broadcastId,
    step: `range:0:${roomIds.length}:0`,
    messageType: 'system-simple',
    html: 'hi',
    rooms: roomIds.map((roomId) => ({ roomId, name: roomId })),
    ...extra,
  };
}

describe('the broadcasts consumer', () => {
  it('tries a delivery again while rooms fail, with a growing delay, then counts them as failed', async () => {
    const flakyTried = new Set<string>();
    const { fakeEnv, queued, calls } = standIns((roomId) => {
      if (roomId === 'broken') throw new Error('object unreachable');
      if (roomId === 'flaky' && !flakyTried.has(roomId)) {
        flakyTried.add(roomId);
        throw new Error('overloaded');
      }
    });
    const broadcastId = await newBroadcastRow(4);
    const first = deliveryTo(broadcastId, ['ok-1', 'broken', 'flaky', 'ok-2']);

    // The queue hands the same message over again, later each time; nothing is counted yet.
    const delays: (number | undefined)[] = [];
    const tries = async (attempts: number) => {
      const ctx = createExecutionContext();
      const batch = createMessageBatch<BroadcastMessage>('broadcasts', [
        { id: `try-${attempts}`, timestamp: Date.now(), attempts, body: first },
      ]);
      const message = batch.messages[0]!;
      const retry = message.retry.bind(message);
      message.retry = (options) => {
        delays.push(options?.delaySeconds);
        retry(options);
      };
      await handleBroadcastBatch(batch, fakeEnv);
      return getQueueResult(batch, ctx);
    };
    expect((await tries(1)).retryMessages).toMatchObject([{ msgId: 'try-1' }]);
    expect(await readBroadcastStatus(env.DB, broadcastId)).toMatchObject({
      delivered: 0,
      failed: 0,
      done: false,
    });
    expect((await tries(2)).retryMessages).toMatchObject([{ msgId: 'try-2' }]);
    expect(delays).toEqual([2, 4]);
    const last = await tries(3);
    expect(last.retryMessages).toEqual([]);
    expect(last.explicitAcks).toEqual(['try-3']);
    expect(queued).toHaveLength(0);
    expect(await readBroadcastStatus(env.DB, broadcastId)).toEqual({
      broadcastId,
      total: 4,
      delivered: 3,
      failed: 1,
      done: true,
    });
    // The queue may hand the settled message over once more: it is counted once.
    await tries(3);
    expect(await readBroadcastStatus(env.DB, broadcastId)).toMatchObject({
      delivered: 3,
      failed: 1,
    });
    expect(calls.filter((roomId) => roomId === 'broken')).toHaveLength(4); // 3 tries + the repeat
  });

  it('reaches each room once when the queue hands a delivery over twice', async () => {
    const { client } = await signedInClient();
    const roomIds = [await createRoom(client, 'Twice A'), await createRoom(client, 'Twice B')];
    const broadcastId = await newBroadcastRow(2);
    // The real rooms, and a queue that only records (nothing fails, so nothing is requeued).
    const { fakeEnv } = standIns(() => {});
    const realRooms = { ...fakeEnv, CHAT_ROOM: env.CHAT_ROOM } as Env;
    const delivery = deliveryTo(broadcastId, roomIds, {
      messageType: 'user',
      html: '<p>once only</p>',
    });
    await consume(realRooms, [delivery]);
    await consume(realRooms, [delivery]);
    for (const roomId of roomIds) {
      await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
        expect(room.parts.messages.store.count(), roomId).toBe(1);
      });
    }
    // Another broadcast with the same text is a new one.
    await consume(realRooms, [{ ...delivery, broadcastId: await newBroadcastRow(2) }]);
    await runInDurableObject(roomStub(env, roomIds[0]!), (room: ChatRoom) => {
      expect(room.parts.messages.store.count()).toBe(2);
    });
  });

  it('fans out in bounded steps and ends with the true total when rooms go meanwhile', async () => {
    const prefix = `fan${Date.now().toString(36)}`;
    const ids = await insertRooms(1200, prefix);
    const { fakeEnv, queued, calls } = standIns(() => {});
    const { broadcastId, total } = await startBroadcast(fakeEnv, {
      adminId: 'admin',
      messageType: 'system-simple',
      html: 'hi',
    });
    const everyRoom = await env.DB.prepare('SELECT room_id FROM rooms').all<{ room_id: string }>();
    expect(total).toBe(everyRoom.results.length);
    // The request itself queued at most one sendBatch worth of ranges.
    expect(queued.length).toBeGreaterThan(0);
    expect(queued.length).toBeLessThanOrEqual(100);

    // Ten rooms are deleted after the broadcast started (as an admin's delete would).
    const gone = ids.slice(100, 110);
    await env.DB.batch([
      ...gone.map((roomId) => env.DB.prepare('DELETE FROM rooms WHERE room_id = ?').bind(roomId)),
      env.DB.prepare("UPDATE counters SET value = value - 10 WHERE name = 'rooms'"),
    ]);

    // Drain the queue ten messages at a time, as the consumer's max_batch_size gives them.
    let worstCalls = 0;
    while (queued.length > 0) {
      const bodies = queued.splice(0, 10).map((item) => item.body);
      const callsBefore = calls.length;
      await consume(fakeEnv, bodies);
      worstCalls = Math.max(worstCalls, calls.length - callsBefore);
    }
    expect(worstCalls).toBeLessThanOrEqual(500);

    const remaining = everyRoom.results
      .map((row) => row.room_id)
      .filter((id) => !gone.includes(id));
    expect(calls.slice().sort()).toEqual(remaining.slice().sort());
    expect(await readBroadcastStatus(env.DB, broadcastId)).toEqual({
      broadcastId,
      total: remaining.length,
      delivered: remaining.length,
      failed: 0,
      done: true,
    });
  });
  it('counts every room once when a progress write fails after a room failed', async () => {
    // 'flaky' fails its first call; the first write of the counts is lost. The queue then
    // hands the delivery over again, as it does after any throw.
    let flakyTried = false;
    const { fakeEnv, queued } = standIns((roomId) => {
      if (roomId === 'flaky' && !flakyTried) {
        flakyTried = true;
        throw new Error('overloaded');
      }
    });
    const broadcastId = await newBroadcastRow(3);
    const delivery = deliveryTo(broadcastId, ['ok-1', 'flaky', 'ok-2']);
    await drain({ ...fakeEnv, DB: failingFirstDeliveryCount() } as Env, queued, [delivery]);
    expect(await readBroadcastStatus(env.DB, broadcastId)).toEqual({
      broadcastId,
      total: 3,
      delivered: 3,
      failed: 0,
      done: true,
    });
  });
});
