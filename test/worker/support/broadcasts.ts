import { env } from 'cloudflare:test';
import type { Client } from './api';

/** Polls GET /api/admin/broadcasts/:id until it is done; answers the last status. */
export async function waitForBroadcast(client: Client, broadcastId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.call(`/admin/broadcasts/${broadcastId}`);
    if (res.status !== 200) throw new Error(`status ${res.status}: ${JSON.stringify(res.body)}`);
    if (res.body.done) return res.body;
    if (Date.now() > deadline) throw new Error(`not done in time: ${JSON.stringify(res.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Inserts `count` rooms straight into D1 (as many as a busy product has, far faster than the
 * API could make them) and counts them, as room creation does. Answers their ids.
 */
export async function insertRooms(count: number, prefix: string): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) =>
    `${prefix}${i.toString().padStart(6, '0')}`.padEnd(22, 'x').slice(0, 22),
  );
  const PER_STATEMENT = 40; // 2 bound values a row, under D1's 100 per statement
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < ids.length; i += PER_STATEMENT) {
    const chunk = ids.slice(i, i + PER_STATEMENT);
    statements.push(
      env.DB.prepare(
        `INSERT INTO rooms (room_id, name) VALUES ${chunk.map(() => '(?, ?)').join(', ')}`,
      ).bind(...chunk.flatMap((id) => [id, `Room ${id}`])),
    );
  }
  statements.push(
    env.DB.prepare("UPDATE counters SET value = value + ? WHERE name = 'rooms'").bind(count),
  );
  await env.DB.batch(statements);
  return ids;
}
