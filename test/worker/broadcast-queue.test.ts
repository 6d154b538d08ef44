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

describe('the broadcasts consumer', () => {
  it('retries only the rooms that failed, with a growing delay, then counts them as failed', async () => {
    const flakyTried = new Set<string>();
    const { fakeEnv, queued, calls } = standIns((roomId) => {
      if (roomId === 'broken') throw new Error('object unreachable');
      if (roomId === 'flaky' && !flakyTried.has(roomId)) {
        flakyTried.add(roomId);
        throw new Error('overloaded');
      }
    });
    const broadcastId = await newBroadcastRow(4);
    const first: DeliverMessage = {
      kind: 'deliver',
      broadcastId,
      step: 'range:0:4:0',
      attempt: 1,
      messageType: 'system-simple',
      html: 'hi',
      rooms: ['ok-1', 'broken', 'flaky', 'ok-2'].map((roomId) => ({ roomId, name: roomId })),
    };

    const result = await consume(fakeEnv, [first]);
    expect(result.explicitAcks).toEqual([`m${batches}-0`]);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ delaySeconds: 2, body: { attempt: 2 } });
    expect((queued[0]!.body as DeliverMessage).rooms.map((r) => r.roomId)).toEqual([
      'broken',
      'flaky',
    ]);
    expect(await readBroadcastStatus(env.DB, broadcastId)).toMatchObject({
      delivered: 2,
      failed: 0,
      done: false,
    });

    // The queue may hand the same message over twice: it is counted once.
    await consume(fakeEnv, [first]);
    expect(await readBroadcastStatus(env.DB, broadcastId)).toMatchObject({
      delivered: 2,
      failed: 0,
    });

    await consume(fakeEnv, [queued[0]!.body]);
    const third = queued.at(-1)!;
    expect(third).toMatchObject({ delaySeconds: 4, body: { attempt: 3 } });
    expect((third.body as DeliverMessage).rooms.map((r) => r.roomId)).toEqual(['broken']);
    const before = queued.length;
    await consume(fakeEnv, [third.body]);
    expect(queued).toHaveLength(before);
    expect(await readBroadcastStatus(env.DB, broadcastId)).toEqual({
      broadcastId,
      total: 4,
      delivered: 3,
      failed: 1,
      done: true,
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
    const delivery: DeliverMessage = {
      kind: 'deliver',
      broadcastId,
      step: 'range:0:2:0',
      attempt: 1,
      messageType: 'user',
      html: '<p>once only</p>',
      rooms: roomIds.map((roomId) => ({ roomId, name: roomId })),
    };
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
});
