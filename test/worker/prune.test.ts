import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { expect, it } from 'vitest';
import worker from '../../worker/index';
import { EVENT_RETENTION_MS } from '../../worker/maintenance/prune';

it('the daily cron prunes events older than 30 days and stale rate-limit rows', async () => {
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO security_events (event_type, ip, details, created_at) VALUES ('login_failed', 'old', '{}', ?)",
    ).bind(now - EVENT_RETENTION_MS - 1000),
    env.DB.prepare(
      "INSERT INTO security_events (event_type, ip, details, created_at) VALUES ('login_failed', 'new', '{}', ?)",
    ).bind(now),
    env.DB.prepare("INSERT INTO rate_limit_hits (key, at) VALUES ('old', ?)").bind(
      now - 2 * 86_400_000,
    ),
  ]);
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController(), env, ctx);
  await waitOnExecutionContext(ctx);
  const events = await env.DB.prepare('SELECT ip FROM security_events').all();
  expect(events.results).toEqual([{ ip: 'new' }]);
  expect(
    await env.DB.prepare("SELECT COUNT(*) AS n FROM rate_limit_hits WHERE key = 'old'").first(),
  ).toEqual({ n: 0 });
});
