/**
 * The benchmark's D1 meter counts the rows D1 reports for every statement, whichever method
 * sent it (drizzle's selects go through `.raw()`, which hides the meta), leaves every result as
 * D1 shapes it, and does not exist unless D1_METER is set.
 */
import { createExecutionContext, env, runInDurableObject } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../worker/db/client';
import { D1_METER_PATH, meterEnv, type D1MeterTotals } from '../../worker/db/d1-meter';
import worker from '../../worker/index';

const probes = sqliteTable('meter_probes', { id: integer('id').primaryKey(), name: text('name') });
const tags = sqliteTable('meter_tags', {
  id: integer('id').primaryKey(),
  probeId: integer('probe_id'),
  name: text('name'),
});

const SELECT_ALL = 'SELECT id, name FROM meter_probes ORDER BY id';
const meterOn = { ...env, D1_METER: '1' };

/** A request through the worker's entry, with the given env. */
function serve(path: string, withEnv: Env, init?: RequestInit) {
  const request = new Request(`https://chat.example${path}`, init);
  return worker.fetch(
    request as Parameters<typeof worker.fetch>[0],
    withEnv,
    createExecutionContext(),
  );
}

async function totals(): Promise<D1MeterTotals> {
  const response = await serve(D1_METER_PATH, meterOn);
  expect(response.status).toBe(200);
  return response.json();
}

/** The rows D1 itself reports read by `sql`, from `.all()` on the bare binding. */
async function rowsReadBy(sql: string) {
  return (await env.DB.prepare(sql).all()).meta.rows_read;
}

/** What `work` added to the meter's totals. */
async function counted(work: () => Promise<unknown>) {
  const before = await totals();
  await work();
  const after = await totals();
  expect(after.isolate).toBe(before.isolate);
  return {
    statements: after.statements - before.statements,
    rowsRead: after.rowsRead - before.rowsRead,
    rowsWritten: after.rowsWritten - before.rowsWritten,
  };
}

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare('CREATE TABLE meter_probes (id INTEGER PRIMARY KEY, name TEXT)'),
    env.DB.prepare('CREATE TABLE meter_tags (id INTEGER PRIMARY KEY, probe_id INTEGER, name TEXT)'),
    env.DB.prepare("INSERT INTO meter_probes VALUES (1, 'a'), (2, 'b'), (3, 'c')"),
    env.DB.prepare("INSERT INTO meter_tags VALUES (1, 1, 'x'), (2, 2, 'y')"),
  ]);
});

describe('with D1_METER set', () => {
  const db = meterEnv(meterOn).DB;

  it('counts what .first() and .raw() read, though they return no meta', async () => {
    const expected = await rowsReadBy(SELECT_ALL);
    expect(expected).toBeGreaterThan(0);
    let first: unknown;
    let raw: unknown;
    expect(await counted(async () => (first = await db.prepare(SELECT_ALL).first()))).toEqual({
      statements: 1,
      rowsRead: expected,
      rowsWritten: 0,
    });
    expect(await counted(async () => (raw = await db.prepare(SELECT_ALL).raw()))).toEqual({
      statements: 1,
      rowsRead: expected,
      rowsWritten: 0,
    });
    expect(first).toEqual({ id: 1, name: 'a' });
    expect(raw).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
  });

  it('counts the writes of .run() and of every statement of a batch', async () => {
    const insert = (id: number) =>
      db.prepare('INSERT INTO meter_tags (id, probe_id, name) VALUES (?, 3, ?)').bind(id, `t${id}`);
    const one = await counted(() => insert(10).run());
    expect(one).toMatchObject({ statements: 1, rowsWritten: 1 });
    const batch = await counted(() => db.batch([insert(11), insert(12), insert(13)]));
    expect(batch).toMatchObject({ statements: 3, rowsWritten: 3 });
    await env.DB.prepare('DELETE FROM meter_tags WHERE id >= 10').run();
  });

  it("counts drizzle's queries in a session, and a join keeps its same-named columns", async () => {
    const session = openDb(db.withSession('first-primary'));
    let rows: unknown;
    const join = await counted(async () => {
      rows = await session
        .select({ probe: probes.name, tag: tags.name })
        .from(probes)
        .innerJoin(tags, eq(tags.probeId, probes.id))
        .orderBy(probes.id);
    });
    expect(rows).toEqual([
      { probe: 'a', tag: 'x' },
      { probe: 'b', tag: 'y' },
    ]);
    expect(join.statements).toBe(1);
    expect(join.rowsRead).toBeGreaterThan(0);
    const update = await counted(() =>
      session.update(probes).set({ name: 'c2' }).where(eq(probes.id, 3)),
    );
    expect(update).toMatchObject({ statements: 1, rowsWritten: 1 });
  });

  it('counts the queries of an API request through the worker entry', async () => {
    const served = await counted(async () => {
      const response = await serve('/api/auth/login/current', meterOn, {
        headers: { 'CF-Connecting-IP': '203.0.113.9' },
      });
      expect(response.status).toBe(401);
    });
    expect(served.statements).toBeGreaterThan(0);
  });
});

describe('without D1_METER', () => {
  it('hands back the env and its binding untouched', () => {
    expect(meterEnv(env)).toBe(env);
  });

  it('has no route to the totals', async () => {
    const response = await serve(D1_METER_PATH, env);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toMatch(/rowsRead/);
  });

  it('gives the room object the bare binding', async () => {
    const stub = env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName('meter-off'));
    expect(await runInDurableObject(stub, (room) => room.parts.db() === env.DB)).toBe(true);
  });
});
