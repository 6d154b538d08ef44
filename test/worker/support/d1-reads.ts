/** How many rows D1 read to answer one API call, by the worker's meter (worker/db/d1-meter.ts). */
import { createExecutionContext, env } from 'cloudflare:test';
import { expect } from 'vitest';
import { D1_METER_PATH, type D1MeterTotals } from '../../../worker/db/d1-meter';
import worker from '../../../worker/index';
import { ORIGIN, type Client } from './api';

const meterOn = { ...env, D1_METER: '1' };

async function totals(): Promise<D1MeterTotals> {
  const response = await worker.fetch(
    new Request(`${ORIGIN}${D1_METER_PATH}`) as Parameters<typeof worker.fetch>[0],
    meterOn,
    createExecutionContext(),
  );
  return response.json();
}

/** The rows D1 read to answer `path` (under /api) for `client`, which must be a 200. */
export async function rowsRead(client: Client, path: string) {
  const before = await totals();
  const response = await worker.fetch(
    new Request(`${ORIGIN}/api${path}`, {
      headers: { Cookie: client.cookie, Origin: ORIGIN, 'CF-Connecting-IP': client.ip },
    }) as Parameters<typeof worker.fetch>[0],
    meterOn,
    createExecutionContext(),
  );
  expect(response.status).toBe(200);
  return (await totals()).rowsRead - before.rowsRead;
}
