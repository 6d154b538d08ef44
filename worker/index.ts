/** The worker's entry: /api/* and /socket.io/* go to Hono; every other path is a static asset. */
import { app } from './app';
import { pruneOldRows } from './maintenance/prune';

export { ChatRoom } from './chat/chat-room';

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(pruneOldRows(env.DB));
  },
} satisfies ExportedHandler<Env>;
