import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { EVENT_RETENTION_MS } from '../../worker/maintenance/prune';
import { signedInClient } from './support/api';
import { runCron } from './support/cron';

it('the daily cron prunes events older than 30 days, stale rate-limit rows and counted uploads', async () => {
  const { user } = await signedInClient();
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
    env.DB.prepare(
      `INSERT INTO uploads_counted (file_id, uploader_id, size, created_at)
       VALUES ('old-upload', ?, 1, ?)`,
    ).bind(user.id, now - 2 * 86_400_000),
  ]);
  await runCron();
  const events = await env.DB.prepare('SELECT ip FROM security_events').all();
  expect(events.results).toEqual([{ ip: 'new' }]);
  expect(
    await env.DB.prepare("SELECT COUNT(*) AS n FROM rate_limit_hits WHERE key = 'old'").first(),
  ).toEqual({ n: 0 });
  expect(
    await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM uploads_counted WHERE file_id = 'old-upload'",
    ).first(),
  ).toEqual({ n: 0 });
});

it('the daily cron forgets broadcasts older than 30 days, with the steps that counted them', async () => {
  const now = Date.now();
  const broadcast = (id: string, createdAt: number) =>
    env.DB.prepare(
      `INSERT INTO broadcasts (id, message_type, html, total, parts_pending, created_at)
       VALUES (?, 'System Simple', '<p>hi</p>', 1, 0, ?)`,
    ).bind(id, createdAt);
  const step = (id: string) =>
    env.DB.prepare("INSERT INTO broadcast_steps (broadcast_id, step) VALUES (?, 'part:0')").bind(
      id,
    );
  await env.DB.batch([
    broadcast('old-broadcast', now - EVENT_RETENTION_MS - 1000),
    step('old-broadcast'),
    broadcast('new-broadcast', now - 1000),
    step('new-broadcast'),
  ]);
  await runCron();
  const ids = (sql: string) =>
    env.DB.prepare(sql)
      .all<{ id: string }>()
      .then(({ results }) => results.map((row) => row.id));
  expect(await ids("SELECT id FROM broadcasts WHERE id LIKE '%-broadcast'")).toEqual([
    'new-broadcast',
  ]);
  expect(
    await ids(
      "SELECT broadcast_id AS id FROM broadcast_steps WHERE broadcast_id LIKE '%-broadcast'",
    ),
  ).toEqual(['new-broadcast']);
});
