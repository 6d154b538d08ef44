/** The worker's entry: /api/* and /socket.io/* go to Hono; every other path is a static asset. */
import { ChatRoom as Room } from './chat/room/chat-room';
import { meterEnv } from './db/d1-meter';
import { HOURLY_CRON, removeUnsentUploads } from './files/unsent-uploads';
import { removeLeftRoomObjects } from './files/remove-files';
import { pruneOldRows } from './maintenance/prune';
import type { BroadcastMessage } from './queues/broadcast-messages';
import { handleBroadcastBatch } from './queues/broadcast-consumer';
import { handleRoomCallsBatch } from './queues/room-calls-consumer';
import { handlePushBatch } from './push/push-consumer';
import type { PushQueueMessage } from './push/push-messages';
import { workerFetch } from './worker-fetch';

// meterEnv: the benchmark's D1 meter, off unless D1_METER is set (see worker-fetch.ts).

export class ChatRoom extends Room {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, meterEnv(env));
  }
}

// `npm start` serves the app's port on this entrypoint; without the LOCAL_ASSETS binding that
// only npm start gives, it serves nothing (a service binding on the account could reach it).
export { LocalEdge } from './local-edge';

export default {
  fetch: workerFetch,
  // wrangler.toml's [triggers]: hourly, uploads never sent and deleted rooms' objects left in R2
  // go; daily, the prune.
  async scheduled(controller, env, ctx) {
    const metered = meterEnv(env);
    if (controller.cron === HOURLY_CRON) {
      ctx.waitUntil(removeUnsentUploads(metered));
      ctx.waitUntil(removeLeftRoomObjects(metered));
    } else ctx.waitUntil(pruneOldRows(metered.DB));
  },
  // 'broadcasts': an admin's message on its way to every room; 'push': rooms' new messages on
  // their way to the browsers of members who are away (worker/push/); 'room-calls': a kick, a
  // leave, an unban, a hand-over or a socket close the room could not be told of at once.
  async queue(batch, env) {
    if (batch.queue === 'push') {
      await handlePushBatch(batch as MessageBatch<PushQueueMessage>, meterEnv(env));
    } else if (batch.queue === 'room-calls') {
      await handleRoomCallsBatch(batch, meterEnv(env));
    } else {
      await handleBroadcastBatch(batch as MessageBatch<BroadcastMessage>, meterEnv(env));
    }
  },
} satisfies ExportedHandler<Env>;
