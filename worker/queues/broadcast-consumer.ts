/**
 * The 'broadcasts' queue's consumer. A wide range of rooms is split into smaller ranges (more
 * messages); a page-sized range is read from D1 and becomes delivery messages; a delivery
 * calls each room's object (its adminBroadcast RPC). When some fail, the queue hands the whole
 * delivery over again, a few times with a growing delay (the rooms already reached know the
 * broadcast's id and answer at once), before those still failing count as failed. No
 * invocation makes more than about 520 subrequests, whatever the number of rooms.
 */
import { adminBroadcast } from '../room-calls/room-rpc';
import type { MessageType } from '../../contract/realtime';
import {
  ROOMS_PER_DELIVERY,
  ROOMS_PER_PAGE,
  splitRange,
  type BroadcastMessage,
  type DeliverMessage,
  type RangeMessage,
} from './broadcast-messages';
import { countDeliveries, countPage, countSplit } from './broadcast-progress';
import { sendAll } from './send-all';

/** Tries of a delivery, the first included; then the rooms still failing count as failed. */
export const DELIVERY_ATTEMPTS = 3;
const CONCURRENT_CALLS = 25;

export async function handleBroadcastBatch(batch: MessageBatch<BroadcastMessage>, env: Env) {
  for (const message of batch.messages) {
    try {
      const { body } = message;
      if (body.kind === 'range') await handleRange(body, env);
      else if (!(await handleDelivery(body, env, message.attempts))) {
        message.retry({ delaySeconds: 2 ** message.attempts });
        continue;
      }
      message.ack();
    } catch (error) {
      // Counting is idempotent (broadcast-progress.ts), so a retried message is safe to redo.
      console.error(`[broadcasts] ${message.body.kind} ${message.body.broadcastId}:`, error);
      message.retry({ delaySeconds: 2 ** message.attempts });
    }
  }
}

function queueOf(env: Env) {
  return env.BROADCAST_QUEUE as Queue<BroadcastMessage>;
}

async function handleRange({ broadcastId, from, to }: RangeMessage, env: Env) {
  const step = `range:${from}:${to}`;
  if (to - from > ROOMS_PER_PAGE) {
    const parts = splitRange(from, to);
    await countSplit(env.DB, broadcastId, step, parts.length);
    await sendAll(
      queueOf(env),
      parts.map(([start, end]) => ({ kind: 'range', broadcastId, from: start, to: end })),
    );
    return;
  }
  const [broadcast, page] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare('SELECT message_type, html FROM broadcasts WHERE id = ?').bind(broadcastId),
    env.DB.prepare(
      'SELECT room_id, name FROM rooms WHERE rowid > ? AND rowid <= ? ORDER BY rowid',
    ).bind(from, to),
  ]);
  const found = broadcast?.results[0] as { message_type: MessageType; html: string } | undefined;
  if (!found) return; // the broadcast row is gone: nothing left to report progress to
  const rooms = (page?.results ?? []) as { room_id: string; name: string }[];
  await countPage(env.DB, broadcastId, step, rooms.length);
  const deliveries: DeliverMessage[] = [];
  for (let i = 0; i < rooms.length; i += ROOMS_PER_DELIVERY) {
    deliveries.push({
      kind: 'deliver',
      broadcastId,
      step: `${step}:${i}`,
      messageType: found.message_type,
      html: found.html,
      rooms: rooms
        .slice(i, i + ROOMS_PER_DELIVERY)
        .map((room) => ({ roomId: room.room_id, name: room.name })),
    });
  }
  await sendAll(queueOf(env), deliveries);
}

/**
 * Calls the delivery's rooms; answers false when some failed and it is to be tried again. Its
 * count is written once, by the try that settles it, under the delivery's own step: a try of
 * its own for the failed rooms alone (a message of their own) was counted on top of a repeat of
 * the whole message, which a lost progress write brings, and the status said 4 of 3 rooms.
 */
async function handleDelivery(
  delivery: DeliverMessage,
  env: Env,
  attempts: number,
): Promise<boolean> {
  let failed = 0;
  for (let i = 0; i < delivery.rooms.length; i += CONCURRENT_CALLS) {
    const group = delivery.rooms.slice(i, i + CONCURRENT_CALLS);
    const results = await Promise.allSettled(
      group.map((room) =>
        // With the broadcast's id: a room that hears a delivery twice delivers it once.
        adminBroadcast(env, room, delivery.messageType, delivery.html, delivery.broadcastId),
      ),
    );
    failed += results.filter((result) => result.status === 'rejected').length;
  }
  if (failed > 0 && attempts < DELIVERY_ATTEMPTS) return false;
  await countDeliveries(
    env.DB,
    delivery.broadcastId,
    delivery.step,
    delivery.rooms.length - failed,
    failed,
  );
  return true;
}
