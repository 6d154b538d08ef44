/**
 * Room calls made to fail, and the 'room-calls' queue's consumer driven by hand
 * (test/worker/owed-room-calls.test.ts, owed-socket-closes.test.ts, owed-room-updates.test.ts).
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { vi } from 'vitest';
import { handleRoomCallsBatch } from '../../../worker/queues/room-calls-consumer';

/** What the runtime throws when the network to an object broke: retryTransient tries again. */
const transient = () => Object.assign(new Error('Network connection lost.'), { retryable: true });

type RoomMethod =
  | 'removeMember'
  | 'memberLeft'
  | 'unbanMember'
  | 'ownerChanged'
  | 'closeSockets'
  | 'roomRenamed'
  | 'membershipChanged'
  | 'readSharingChanged'
  | 'deleteRoom';

/**
 * From now on, every attempt of the worker's `method` calls fails without reaching a room, with
 * what `error` makes (by default a broken connection's, which retryTransient tries again).
 */
export function unreachable(method: RoomMethod, error: () => Error = transient) {
  const get = env.CHAT_ROOM.get.bind(env.CHAT_ROOM);
  vi.spyOn(env.CHAT_ROOM, 'get').mockImplementation((id, options) => {
    const stub = get(id, options);
    return new Proxy(stub, {
      get(target, key) {
        if (key === method) return () => Promise.reject(error());
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  });
}

/** Keeps what the routes queue from now on, instead of the queue delivering it. */
export function queuedCalls() {
  const queued: unknown[] = [];
  vi.spyOn(env.ROOM_CALLS_QUEUE, 'send').mockImplementation(async (body) => {
    queued.push(body);
    // Nothing the routes read; the shape the binding answers.
    return { metadata: {} } as QueueSendResponse;
  });
  return queued;
}

let messages = 0;
/**
 * Runs the consumer on `bodies` as one batch, each message at its `attempts`-th try; answers the
 * queue's result and the delays the retried messages asked for.
 */
export async function consume(bodies: unknown[], attempts = 1) {
  const ctx = createExecutionContext();
  const batch = createMessageBatch<unknown>(
    'room-calls',
    bodies.map((body) => ({ id: `m${++messages}`, timestamp: Date.now(), attempts, body })),
  );
  const delays: (number | undefined)[] = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    message.retry = (options) => {
      delays.push(options?.delaySeconds);
      retry(options);
    };
  }
  await handleRoomCallsBatch(batch, env);
  return { ...(await getQueueResult(batch, ctx)), delays };
}
