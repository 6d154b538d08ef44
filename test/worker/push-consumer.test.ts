/**
 * The 'push' queue's consumer (worker/push/push-consumer.ts) where it meets the platform's
 * limits and faults: a room too big to push at once becomes 'deliver' messages queued within
 * the limits Cloudflare Queues holds every sendBatch to (100 messages, 256 KB in all); a
 * message whose pushes went out is not taken again for a fault in the clean-up after them.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { handlePushBatch } from '../../worker/push/push-consumer';
import type { PushQueueMessage, RoomPushMessage } from '../../worker/push/push-messages';
import { signedInClient } from './support/api';
import { newSubscriber, received, receivedAtLeast } from './support/push';
import { createRoom } from './support/rooms';

/** Cloudflare Queues: per sendBatch, 100 messages and 256 KB; per message, 128 KB. */
const BATCH_MESSAGES = 100;
const BATCH_BYTES = 256_000;
const MESSAGE_BYTES = 128_000;

const bytesOf = (body: unknown) => new TextEncoder().encode(JSON.stringify(body)).length;

/** A queue that refuses what Cloudflare's refuses, and keeps the rest. */
function limitedQueue() {
  const batches: PushQueueMessage[][] = [];
  const queue = {
    send: (body: PushQueueMessage) => queue.sendBatch([{ body }]),
    sendBatch: async (messages: { body: PushQueueMessage }[]) => {
      const sizes = messages.map(({ body }) => bytesOf(body));
      const total = sizes.reduce((sum, size) => sum + size, 0);
      if (messages.length > BATCH_MESSAGES || total > BATCH_BYTES) {
        throw new Error(`sendBatch of ${messages.length} messages, ${total} bytes`);
      }
      if (sizes.some((size) => size > MESSAGE_BYTES)) throw new Error('message too large');
      batches.push(messages.map(({ body }) => body));
    },
  };
  return { queue, batches };
}

/** `count` members of the room at level 'all', each with a subscription at a long endpoint. */
async function subscribedMembers(roomId: string, count: number) {
  const { keys } = await newSubscriber();
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < count; i++) {
    const userId = crypto.randomUUID();
    const nickname = `member${i}`;
    // Browsers' endpoints are a few hundred characters; the API takes up to 1,024.
    const endpoint = `https://fcm.googleapis.com/${userId}/${'a'.repeat(900)}`;
    statements.push(
      env.DB.prepare(
        `INSERT INTO users (id, email, password_hash, password_salt, password_iterations, nickname)
         VALUES (?, ?, 'x', 'x', 1, ?)`,
      ).bind(userId, `${userId}@example.com`, nickname),
      env.DB.prepare(
        `INSERT INTO memberships (id, room_id, user_id, nickname, nickname_key, notification_level)
         VALUES (?, ?, ?, ?, ?, 'all')`,
      ).bind(crypto.randomUUID(), roomId, userId, nickname, nickname),
      env.DB.prepare(
        'INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth) VALUES (?, ?, ?, ?, ?)',
      ).bind(crypto.randomUUID(), userId, endpoint, keys.p256dh, keys.auth),
    );
  }
  await env.DB.batch(statements);
}

/** Runs the consumer on one message; answers whether it was acknowledged or retried. */
async function consume(body: PushQueueMessage, withEnv: object) {
  const outcome = { acked: false, retried: false };
  const message = {
    id: crypto.randomUUID(),
    timestamp: new Date(),
    attempts: 1,
    body,
    ack: () => (outcome.acked = true),
    retry: () => (outcome.retried = true),
  };
  const batch = { queue: 'push', messages: [message], ackAll: () => {}, retryAll: () => {} };
  await handlePushBatch(batch as unknown as MessageBatch<PushQueueMessage>, withEnv as Env);
  return outcome;
}

describe('the push consumer', () => {
  it('queues a big room’s deliveries in batches the queue takes', async () => {
    const { client, user } = await signedInClient();
    const roomId = await createRoom(client, 'Big room', 'Owner');
    const members = 300;
    await subscribedMembers(roomId, members);
    const { queue, batches } = limitedQueue();
    const body: RoomPushMessage = {
      kind: 'room',
      roomId,
      latest: [{ id: 1, authorId: user.id as string }],
      mentions: [],
      replies: [],
      joined: [],
    };
    const outcome = await consume(body, { ...env, PUSH_QUEUE: queue });

    expect(outcome).toEqual({ acked: true, retried: false });
    const queued = batches.flat().flatMap((m) => (m.kind === 'deliver' ? m.deliveries : []));
    expect(queued).toHaveLength(members);
    expect(new Set(queued.map((d) => d.subscriptionId)).size).toBe(members);
  });

  it('acknowledges a message whose pushes went out though forgetting a gone one failed', async () => {
    // Taken again, it would push everyone in it again, up to the queue's max_retries times.
    const ok = await newSubscriber();
    const gone = await newSubscriber('gone-');
    const delivery = (subscriber: typeof ok, i: number) => ({
      subscriptionId: `sub-${i}`,
      endpoint: subscriber.endpoint,
      ...subscriber.keys,
      messageId: 7,
      urgent: false,
    });
    const failingDeletes = {
      prepare: (query: string) =>
        query.startsWith('DELETE')
          ? { bind: () => ({ run: () => Promise.reject(new Error('D1 unavailable')) }) }
          : env.DB.prepare(query),
    };

    const outcome = await consume(
      {
        kind: 'deliver',
        roomId: 'room-1',
        deliveries: [delivery(ok, 1), delivery(gone, 2)],
        attempt: 1,
      },
      { ...env, DB: failingDeletes },
    );

    expect(outcome).toEqual({ acked: true, retried: false });
    await receivedAtLeast(gone, 1);
    expect(await received(ok)).toHaveLength(1);
  });
});
