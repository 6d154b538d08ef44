/**
 * The 'broadcasts' queue's consumer. A wide range of rooms is split into smaller ranges (more
 * messages); a page-sized range is read from D1 and becomes delivery messages; a delivery
 * calls each room's object (its adminBroadcast RPC) and queues the failures again, a few times
 * with a growing delay, before it counts them as failed. No invocation makes more than about
 * 520 subrequests, whatever the number of rooms.
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

/** Tries per room, the first included; then the room counts as failed. */
export const DELIVERY_ATTEMPTS = 3;
const CONCURRENT_CALLS = 25;

export async function handleBroadcastBatch(batch: MessageBatch<BroadcastMessage>, env: Env) {
  for (const message of batch.messages) {
    try {
      if (message.body.kind === 'range') await handleRange(message.body, env);
      else await handleDelivery(message.body, env);
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
      attempt: 1,
      messageType: found.message_type,
      html: found.html,
      rooms: rooms
        .slice(i, i + ROOMS_PER_DELIVERY)
        .map((room) => ({ roomId: room.room_id, name: room.name })),
    });
  }
  await sendAll(queueOf(env), deliveries);
}

async function handleDelivery(delivery: DeliverMessage, env: Env) {
  const failedRooms: DeliverMessage['rooms'] = [];
  for (let i = 0; i < delivery.rooms.length; i += CONCURRENT_CALLS) {
    const group = delivery.rooms.slice(i, i + CONCURRENT_CALLS);
    const results = await Promise.allSettled(
      group.map((room) =>
        // With the broadcast's id: a room that hears a delivery twice delivers it once.
        adminBroadcast(env, room, delivery.messageType, delivery.html, delivery.broadcastId),
      ),
    );
    results.forEach((result, index) => {
      if (result.status === 'rejected') failedRooms.push(group[index]!);
    });
  }
  const retry = failedRooms.length > 0 && delivery.attempt < DELIVERY_ATTEMPTS;
  if (retry) {
    const again: DeliverMessage = {
      ...delivery,
      attempt: delivery.attempt + 1,
      rooms: failedRooms,
    };
    await sendAll(queueOf(env), [again], 2 ** delivery.attempt);
  }
  await countDeliveries(
    env.DB,
    delivery.broadcastId,
    `${delivery.step}#${delivery.attempt}`,
    delivery.rooms.length - failedRooms.length,
    retry ? 0 : failedRooms.length,
  );
}
