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

/** env.DB, but its first batch waits for `before` to finish (which lands between the checks and it). */
export function d1BeforeBatch(before: () => Promise<void>): D1Database {
  let held = false;
  const batch: D1Database['batch'] = async (statements) => {
    if (!held) {
      held = true;
      await before();
    }
    return env.DB.batch(statements);
  };
  return new Proxy(env.DB, {
    get: (target, key) => (key === 'batch' ? batch : Reflect.get(target, key, target)),
  }) as D1Database;
}

/** The user's row as the worker reads it. */
export async function userRow(userId: string) {
  return (await openDb(env.DB).select().from(users).where(eq(users.id, userId)).get())!;
}
