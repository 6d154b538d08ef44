/**
 * D1 for races: a database whose answers wait for the test, or one that lets something happen
 * just before a batch, so that what a real database answers too quickly can interleave.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { app } from '../../../worker/app';
import { openDb } from '../../../worker/db/client';
import { users } from '../../../worker/db/schema';
import { ORIGIN, type ApiResult, type Client } from './api';
import { d1WithPrepare } from './d1-with-prepare';

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

/**
 * env.DB, but the first statement matching `pattern` waits for `before` to finish (which lands
 * between the route's reads and that write); also through a D1 session, as the app's requests
 * open one.
 */
export function d1BeforeStatement(pattern: RegExp, before: () => Promise<void>): D1Database {
  let held = false;
  const holding = (inner: D1Database | D1DatabaseSession) => (query: string) => {
    const statement = inner.prepare(query);
    if (held || !pattern.test(query)) return statement;
    held = true;
    return new Proxy(statement, {
      get: (target, key) => {
        if (key !== 'bind') return Reflect.get(target, key, target) as unknown;
        return (...values: unknown[]) => {
          const bound = target.bind(...values);
          const after =
            <T>(run: () => Promise<T>) =>
            async () => {
              await before();
              return run();
            };
          return {
            run: after(() => bound.run()),
            all: after(() => bound.all()),
            raw: after(() => bound.raw()),
            first: after(() => bound.first()),
          };
        };
      },
    });
  };
  return d1WithPrepare(holding);
}

/**
 * `client`'s call to /api`path`, answered by the app in this isolate with `DB` for its
 * database (SELF would use the real one), waiting for what it left to finish.
 */
export async function callWithD1(
  DB: D1Database,
  client: Client,
  path: string,
  options: { method: string; body?: unknown },
): Promise<ApiResult<{ error?: string }>> {
  const headers: Record<string, string> = {
    'CF-Connecting-IP': client.ip,
    Origin: ORIGIN,
    Cookie: client.cookie,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const ctx = createExecutionContext();
  const res = await app.request(
    `${ORIGIN}/api${path}`,
    { method: options.method, headers, body },
    { ...env, DB },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
}

/**
 * `call`, with the room handed to `userId` by `handOverBy` after the route's reads, before its
 * first batch; the hand-over must have gone through.
 */
export async function duringHandOver(
  handOverBy: Client,
  roomId: string,
  userId: string,
  call: (DB: D1Database) => ReturnType<typeof callWithD1>,
) {
  let handOver = 0;
  const DB = d1BeforeBatch(async () => {
    const res = await handOverBy.call(`/rooms/${roomId}/owner`, { body: { userId } });
    handOver = res.status;
  });
  const res = await call(DB);
  expect(handOver).toBe(200);
  return { status: res.status, body: res.body };
}

/** The user's row as the worker reads it. */
export async function userRow(userId: string) {
  return (await openDb(env.DB).select().from(users).where(eq(users.id, userId)).get())!;
}
