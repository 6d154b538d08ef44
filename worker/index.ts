/** The worker's entry: /api/* and /socket.io/* go to Hono; every other path is a static asset. */
import { app } from './app';

export { ChatRoom } from './chat/chat-room';

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
