/**
 * The benchmark's D1 meter: the rows D1 reports it read and wrote (`meta.rows_read`,
 * `meta.rows_written`) for every statement this isolate sends, whichever method sent it.
 *
 * It exists only when the D1_METER variable is set, which the bench's server does and
 * wrangler.toml never does: without it `meterEnv` hands back the env it was given and
 * `answerD1Meter` answers null, so production runs none of it and has no route to read it.
 *
 * Why beneath the binding's methods: drizzle's selects run `.raw()`, and `.first()` and `.raw()`
 * drop the meta that D1 sends back (only `.all()`, `.run()` and `.batch()` return it), and
 * rebuilding `.raw()` from `.all()` would merge the same-named columns of a join. So the meter
 * wraps the one door that every method of the binding and of its sessions goes through, the
 * binding's fetcher, reads the meta in D1's answer and hands the answer on untouched; D1's own
 * code still shapes every result. That fetcher is not public API: when a runtime's binding has
 * none, the meter refuses to start rather than report zeros.
 */

/** Where the bench reads the totals; routed only while the meter is on. */
export const D1_METER_PATH = '/api/bench/d1-meter';

export interface D1MeterTotals {
  /** Which isolate answered: totals live in memory, so a new isolate starts from zero. */
  isolate: string;
  statements: number;
  rowsRead: number;
  rowsWritten: number;
}

/** What D1Database and D1DatabaseSession call underneath (workerd's d1-api module). */
interface D1Fetcher {
  fetch(input: string, init?: RequestInit): Promise<Response>;
  /** The RPC door, used instead of fetch only under the d1_binding_jsrpc flag (not set here). */
  query?(request: unknown): Promise<unknown>;
}

interface D1Meta {
  rows_read?: number;
  rows_written?: number;
}

// One counter per isolate: under workerd (npm start, the bench) the worker and every room
// object run in the same isolate, so these totals cover both.
const totals = { isolate: '', statements: 0, rowsRead: 0, rowsWritten: 0 };
const meteredEnvs = new WeakMap<object, object>();

function isOn(env: object): boolean {
  return Boolean((env as { D1_METER?: unknown }).D1_METER);
}

/** The env itself, or (with D1_METER set) a copy of it whose DB is metered; one per env. */
export function meterEnv<E extends { DB: D1Database }>(env: E): E {
  if (!isOn(env)) return env;
  let metered = meteredEnvs.get(env);
  if (!metered) {
    // Random values are refused at global scope, hence here, at the first metered event.
    totals.isolate ||= crypto.randomUUID();
    metered = { ...env, DB: meterDatabase(env.DB) };
    meteredEnvs.set(env, metered);
  }
  return metered as E;
}

/** The totals as JSON for GET D1_METER_PATH while the meter is on; null for anything else. */
export function answerD1Meter(request: Request, env: object): Response | null {
  if (!isOn(env) || request.method !== 'GET') return null;
  if (new URL(request.url).pathname !== D1_METER_PATH) return null;
  return Response.json({ ...totals } satisfies D1MeterTotals);
}

/** A new binding of the same class as `db`, talking to D1 through a counting fetcher. */
function meterDatabase(db: D1Database): D1Database {
  const inner = (db as unknown as { fetcher?: D1Fetcher }).fetcher;
  if (typeof inner?.fetch !== 'function') {
    throw new Error('D1_METER is set, but this runtime has no D1 fetcher to count rows on');
  }
  const Binding = db.constructor as new (fetcher: D1Fetcher) => D1Database;
  return new Binding(countingFetcher(inner));
}

function countingFetcher(inner: D1Fetcher): D1Fetcher {
  return {
    async fetch(input, init) {
      const response = await inner.fetch(input, init);
      const { pathname } = new URL(input);
      if (pathname !== '/query' && pathname !== '/execute') return response;
      const body = await response.text();
      countAnswers(parsed(body));
      // Same status and headers: the session's bookmark travels in a header.
      return new Response(body, response);
    },
    async query(request) {
      const answer = (await inner.query!(request)) as {
        success?: boolean;
        results?: { meta?: D1Meta }[] | { queryResults?: { meta?: D1Meta }[] };
      };
      const results = answer?.results;
      countAnswers(Array.isArray(results) ? results : results?.queryResults);
      return answer;
    },
  };
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null; // D1's own code reports an answer it cannot read
  }
}

/** One statement's answer is an object, a batch's an array of them, each with its meta. */
function countAnswers(answer: unknown) {
  if (!answer) return;
  for (const result of Array.isArray(answer) ? answer : [answer]) {
    const meta = (result as { meta?: D1Meta } | null)?.meta;
    totals.statements++;
    totals.rowsRead += Number(meta?.rows_read) || 0;
    totals.rowsWritten += Number(meta?.rows_written) || 0;
  }
}
