/** The worker's entry: /api/* and /socket.io/* go to Hono; every other path is a static asset. */
import { WorkerEntrypoint } from 'cloudflare:workers';
import { app } from './app';
import { ChatRoom as Room } from './chat/chat-room';
import { answerD1Meter, meterEnv } from './db/d1-meter';
import { pruneOldRows } from './maintenance/prune';
import type { BroadcastMessage } from './queues/broadcast-messages';
import { handleBroadcastBatch } from './queues/broadcast-consumer';

// meterEnv is the benchmark's D1 meter (worker/db/d1-meter.ts): it hands back the env it is
// given unless the D1_METER variable is set, which only the bench's server does.

export class ChatRoom extends Room {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, meterEnv(env));
  }
}

function fetch(request: Request, env: Env, ctx: ExecutionContext) {
  return answerD1Meter(request, env) ?? app.fetch(request, meterEnv(env), ctx);
}

/**
 * The same fetch as a named entrypoint, for `npm start`'s local edge only: a service binding
 * to a worker with assets meets Miniflare's assets router first unless it names an
 * entrypoint, and /api and /socket.io (wrangler.toml's run_worker_first) reach the worker
 * directly on Cloudflare. Nothing binds to it in production.
 */
export class WorkerFirst extends WorkerEntrypoint<Env> {
  override fetch(request: Request) {
    return fetch(request, this.env, this.ctx);
  }
}

export default {
  fetch,
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(pruneOldRows(meterEnv(env).DB));
  },
  // The one queue is 'broadcasts': an admin's message on its way to every room.
  async queue(batch, env) {
    await handleBroadcastBatch(batch as MessageBatch<BroadcastMessage>, meterEnv(env));
  },
} satisfies ExportedHandler<Env>;
