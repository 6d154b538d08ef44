/** The address tables stay bounded: the daily prune forgets addresses nobody has used lately. */
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import {
  LOGIN_ADDRESS_RETENTION_MS,
  SOCKET_ADDRESS_RETENTION_MS,
} from '../../worker/maintenance/prune';
import { signedInClient } from './support/api';
import { runCron } from './support/cron';

it('forgets login addresses unused for 90 days and socket addresses older than a week', async () => {
  const { user } = await signedInClient();
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      'INSERT INTO login_addresses (user_id, ip, last_success_at) VALUES (?, ?, ?)',
    ).bind(user.id, 'old-login', now - LOGIN_ADDRESS_RETENTION_MS - 1000),
    env.DB.prepare(
      'INSERT INTO login_addresses (user_id, ip, last_success_at) VALUES (?, ?, ?)',
    ).bind(user.id, 'recent-login', now - LOGIN_ADDRESS_RETENTION_MS + 60_000),
    env.DB.prepare('INSERT INTO socket_addresses (ip, room_id, seen_at) VALUES (?, ?, ?)').bind(
      'old-socket',
      'room',
      now - SOCKET_ADDRESS_RETENTION_MS - 1000,
    ),
    env.DB.prepare('INSERT INTO socket_addresses (ip, room_id, seen_at) VALUES (?, ?, ?)').bind(
      'recent-socket',
      'room',
      now - 60_000,
    ),
  ]);
  await runCron();
  const logins = await env.DB.prepare(
    "SELECT ip FROM login_addresses WHERE ip IN ('old-login', 'recent-login')",
  ).all();
  expect(logins.results).toEqual([{ ip: 'recent-login' }]);
  const sockets = await env.DB.prepare(
    "SELECT ip FROM socket_addresses WHERE ip IN ('old-socket', 'recent-socket')",
  ).all();
  expect(sockets.results).toEqual([{ ip: 'recent-socket' }]);
});
