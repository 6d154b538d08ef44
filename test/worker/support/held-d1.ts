/**
 * D1 for races: a database whose answers wait for the test, or one that lets something happen
 * just before a batch, so that what a real database answers too quickly can interleave.
 */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { openDb } from '../../../worker/db/client';
import { users } from '../../../worker/db/schema';

/**
 * A D1 whose queries wait until the test answers them, one by one and in any order: for races
 * between reads that the real database would answer too quickly to interleave.
 */
export function heldD1() {
  const answers: ((value: unknown) => void)[] = [];
  const held = () => new Promise((resolve) => answers.push(resolve));
  const db = { prepare: () => ({ bind: () => ({ all: held, first: held }) }) };
  return { db: db as unknown as D1Database, answers };
}

/**
 * env.DB, but its first batch waits for `before` to finish (which lands between the checks and
 * it); also through a D1 session, as the app's requests open one (http/d1-session.ts).
 */
export function d1BeforeBatch(before: () => Promise<void>): D1Database {
  let held = false;
  const holdFirst = async () => {
    if (!held) {
      held = true;
      await before();
    }
  };
  const withHeldBatch = <T extends object>(target: T, batch: D1Database['batch']): T =>
    new Proxy(target, {
      get: (inner, key) => {
        if (key === 'batch') {
          return (async (statements) => {
            await holdFirst();
            return batch(statements);
          }) satisfies D1Database['batch'];
        }
        const value = Reflect.get(inner, key, inner) as unknown;
        return typeof value === 'function' ? value.bind(inner) : value;
      },
    });
  const database = withHeldBatch(env.DB, (statements) => env.DB.batch(statements));
  return new Proxy(database, {
    get: (target, key) =>
      key === 'withSession'
        ? (constraint?: string) => {
            const session = env.DB.withSession(constraint);
            return withHeldBatch(session, (statements) => session.batch(statements));
          }
        : Reflect.get(target, key, target),
  }) as D1Database;
}

/** The user's row as the worker reads it. */
export async function userRow(userId: string) {
  return (await openDb(env.DB).select().from(users).where(eq(users.id, userId)).get())!;
}
