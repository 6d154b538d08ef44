/** /api/admin/security: the log, its summary, address reputations, and lifting a block. */
import { Hono } from 'hono';
import type {
  IpStats,
  SecurityEvent,
  SecurityLogResponse,
  SecuritySummary,
  SecuritySummaryResponse,
} from '../../contract/admin';
import { unblockBody } from '../../contract/admin';
import type { SuccessMessageResponse } from '../../contract/user';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/api-error';
import { validateJson } from '../http/validate-json';
import { logSecurityEvent } from '../security/guards';
import { isViolationLine } from '../security/security-events';
import {
  countByStatus,
  decayedScore,
  ipStatus,
  unblock,
  type ReputationRow,
} from '../security/ip-reputation';

const LOG_LIMIT_DEFAULT = 100;
const LOG_LIMIT_MAX = 500;
const VIOLATIONS_SHOWN = 50;

/** A whole number from the query within [min, max], or the fallback. */
function boundedInt(value: string | undefined, fallback: number, min: number, max: number) {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? Math.min(max, Math.max(min, parsed)) : fallback;
}

interface LogRow {
  id: number;
  event_type: string;
  details: string;
  created_at: number;
  last_at: number | null;
  count: number;
}

function toEvent(row: LogRow): SecurityEvent {
  const newest = row.last_at ?? row.created_at;
  return {
    id: row.id,
    eventType: row.event_type,
    timestamp: new Date(newest).toISOString(),
    details: JSON.parse(row.details),
    count: row.count,
    ...(row.count > 1 && { firstTimestamp: new Date(row.created_at).toISOString() }),
  };
}

export const securityRoutes = new Hono<AppEnv>()
  .get('/logs', async (c) => {
    const limit = boundedInt(c.req.query('limit'), LOG_LIMIT_DEFAULT, 1, LOG_LIMIT_MAX);
    // By each line's newest event: a flood is one line, kept at the top while it lasts.
    const { results } = await c.env.DB.prepare(
      `SELECT id, event_type, details, created_at, last_at, count FROM security_events
       ORDER BY last_at DESC, id DESC LIMIT ?`,
    )
      .bind(limit)
      .all<LogRow>();
    return c.json({ events: results.map(toEvent) } satisfies SecurityLogResponse);
  })
  .get('/summary', async (c) => {
    const hours = boundedInt(c.req.query('hours'), 24, 1, 24 * 30);
    const { results } = await c.env.DB.prepare(
      'SELECT event_type, SUM(count) AS n FROM security_events WHERE created_at > ? GROUP BY event_type',
    )
      .bind(Date.now() - hours * 3_600_000)
      .all<{ event_type: string; n: number }>();
    const byType = Object.fromEntries(results.map((row) => [row.event_type, row.n]));
    const sum = (rows: typeof results) => rows.reduce((total, row) => total + row.n, 0);
    const summary: SecuritySummary = {
      hours,
      total: sum(results),
      violations: sum(results.filter((row) => isViolationLine(row.event_type))),
      byType,
    };
    return c.json({ summary } satisfies SecuritySummaryResponse);
  })
  .get('/ip-stats', async (c) => {
    const now = Date.now();
    const [{ results }, counts] = await Promise.all([
      c.env.DB.prepare('SELECT * FROM ip_reputation ORDER BY last_seen DESC LIMIT ?')
        .bind(VIOLATIONS_SHOWN)
        .all<ReputationRow>(),
      countByStatus(c.env.DB, now),
    ]);
    const statuses = results.map((row) => ({ row, status: ipStatus(row, now) }));
    const stats: IpStats = {
      blockedCount: counts.blocked,
      watchlistCount: counts.watchlist,
      recentViolations: statuses.map(({ row, status }) => ({
        ip: row.ip,
        threatScore: Math.round(decayedScore(row, now) * 10) / 10,
        violationCount: row.violation_count,
        lastSeen: new Date(row.last_seen).toISOString(),
        status,
      })),
    };
    return c.json(stats satisfies IpStats);
  })
  .post('/unblock', validateJson(unblockBody), async (c) => {
    const { ip } = c.req.valid('json');
    if (!(await unblock(c.env.DB, ip))) throw new ApiError(404, 'No record of that address');
    logSecurityEvent(c, {
      eventType: 'ip_unblocked',
      userId: c.var.user.id,
      details: { unblockedIp: ip },
    });
    return c.json({
      success: true,
      message: `${ip} is no longer blocked`,
    } satisfies SuccessMessageResponse);
  });
