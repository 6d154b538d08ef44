/** The worker's entry: /api/* goes to Hono; every other path is served from static assets. */
import { app } from './app';

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
