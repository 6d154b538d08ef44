import { drizzle } from 'drizzle-orm/d1';

export type Db = ReturnType<typeof openDb>;

/**
 * drizzle over the database or over one of its sessions (worker/http/d1-session.ts). The d1
 * driver only calls `prepare` and `batch`, which a session has with the same signatures; its
 * types ask for a D1Database, hence the cast. No schema is passed: nothing uses drizzle's
 * relational queries (`db.query.*`), and every request would read the schema into their
 * config. Queries name their tables from ./schema directly.
 */
export function openDb(d1: D1Database | D1DatabaseSession) {
  return drizzle(d1 as D1Database);
}
