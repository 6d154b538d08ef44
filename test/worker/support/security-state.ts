/** Reads what the security log and the threat scores hold, waiting out the background writes. */
import { env } from 'cloudflare:test';
import { addressKey } from '../../../worker/security/client-ip';
import { decayedScore, type ReputationRow } from '../../../worker/security/ip-reputation';
import { sleep } from './room-object';

/** Reads until there are `atLeast` rows, or 5 s have passed: background writes make them. */
async function readUntil<T>(statement: D1PreparedStatement, atLeast: number): Promise<T[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const { results } = await statement.all<T>();
    if (results.length >= atLeast || Date.now() > deadline) return results;
    await sleep(25);
  }
}

/** Events are written after the answer is sent (waitUntil); this waits for them. */
export async function eventsFrom(ip: string, eventType: string, atLeast: number) {
  return readUntil<{ details: string; user_id: string | null }>(
    env.DB.prepare('SELECT * FROM security_events WHERE ip = ? AND event_type = ?').bind(
      addressKey(ip),
      eventType,
    ),
    atLeast,
  );
}

/**
 * The rows of the address's events of one kind, once they count `atLeast` events together: a
 * refusal without a session adds to its address's row for the hour instead of a row each.
 */
export async function countedFrom(ip: string, eventType: string, atLeast: number) {
  const statement = env.DB.prepare(
    'SELECT * FROM security_events WHERE ip = ? AND event_type = ? ORDER BY id',
  ).bind(addressKey(ip), eventType);
  const deadline = Date.now() + 5000;
  for (;;) {
    const { results } = await statement.all<{ details: string; count: number; bucket: string }>();
    const total = results.reduce((sum, row) => sum + row.count, 0);
    if (total >= atLeast || Date.now() > deadline) return { rows: results, total };
    await sleep(25);
  }
}

/**
 * The address's score now (0 without a row). It is read after the events are in and a moment
 * more, since a score is written just after its event.
 */
export async function scoreOf(ip: string): Promise<{ score: number; blocked: boolean }> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  const row = await env.DB.prepare('SELECT * FROM ip_reputation WHERE ip = ?')
    .bind(addressKey(ip))
    .first<ReputationRow>();
  if (!row) return { score: 0, blocked: false };
  return { score: decayedScore(row), blocked: (row.blocked_until ?? 0) > Date.now() };
}

/** Waits until the address is blocked (or the deadline passes) and answers whether it is. */
export async function becomesBlocked(ip: string): Promise<boolean> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    if ((await scoreOf(ip)).blocked) return true;
  }
  return false;
}

/**
 * The rooms socket_addresses names for the address, once it names `atLeast` of them: the rooms
 * write those rows in batches, about half a second after their upgrades (address-notes.ts).
 */
export async function roomsNotedFor(ip: string, atLeast: number): Promise<string[]> {
  const rows = await readUntil<{ room_id: string }>(
    env.DB.prepare('SELECT room_id FROM socket_addresses WHERE ip = ?').bind(addressKey(ip)),
    atLeast,
  );
  return rows.map((row) => row.room_id).sort();
}
