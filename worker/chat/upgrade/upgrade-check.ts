/**
 * Everything a socket upgrade needs from D1, in one statement: whether the address is blocked,
 * the live session the cookie names (with its user), and the room with the caller's membership
 * and ban. None depends on another's answer (the cookie's signed claims name the user), and
 * one statement reads one snapshot. It writes nothing: the room notes the address for address
 * blocks, many at once (address-notes.ts), so the upgrade waits on no commit.
 *
 * Upgrades that arrive while another's check is with D1 go together in the next statement
 * (lib/coalesced-batches.ts). A connect storm after a deploy then costs D1 a few dozen round
 * trips rather than one per socket, and a lone upgrade still goes at once. The statement is
 * plain SQL, written once: the query builder would build it again on every upgrade.
 */
import type { Context } from 'hono';
import { asRole, type Role } from '../../../contract/user';
import type { AppEnv } from '../../app-env';
import { readSessionCookie } from '../../credentials/session-cookie';
import { CoalescedBatches } from '../../lib/coalesced-batches';
import { clientIp } from '../../security/client-ip';

export interface UpgradeFacts {
  blockedUntil: number | null;
  /** shareReads: the person's 'Share when I have read messages' setting. */
  user: { id: string; role: Role; sessionId: string; shareReads: boolean } | null;
  room: { name: string; nickname: string | null; banned: boolean } | null;
}

/** One upgrade's question; empty ids match nothing. */
export interface UpgradeQuestion {
  ip: string;
  sid: string;
  sub: string;
  room: string;
}

interface UpgradeRow {
  at: number;
  blocked_until: number | null;
  user_id: string | null;
  role: string | null;
  share_reads: number | null;
  room_name: string | null;
  nickname: string | null;
  banned_at: number | null;
}

type UpgradeAnswer = Omit<UpgradeRow, 'at'>;

/**
 * The questions go in as one JSON array (one bound parameter, whatever their number: D1 binds
 * at most 100). Every join is on a primary key or a unique index, so each question gets
 * exactly one row.
 */
const UPGRADE_FACTS_SQL = `
SELECT asked.key AS at,
  ip_reputation.blocked_until AS blocked_until,
  users.id AS user_id,
  users.role AS role,
  users.share_reads AS share_reads,
  rooms.name AS room_name,
  memberships.nickname AS nickname,
  room_bans.banned_at AS banned_at
FROM json_each(?1) AS asked
LEFT JOIN ip_reputation ON ip_reputation.ip = asked.value ->> 'ip'
  AND ip_reputation.blocked_until > ?2
LEFT JOIN sessions ON sessions.id = asked.value ->> 'sid'
  AND sessions.user_id = asked.value ->> 'sub'
  AND sessions.expires_at > ?2
LEFT JOIN users ON users.id = sessions.user_id
LEFT JOIN rooms ON rooms.room_id = asked.value ->> 'room'
LEFT JOIN memberships ON memberships.room_id = rooms.room_id
  AND memberships.user_id = asked.value ->> 'sub'
LEFT JOIN room_bans ON room_bans.room_id = rooms.room_id
  AND room_bans.user_id = asked.value ->> 'sub'`;

/** Enough to drain a storm of a thousand in a few dozen statements, with small answers. */
const MAX_UPGRADES_PER_STATEMENT = 50;
/**
 * Far beyond a D1 round trip (tens of ms even in a storm), and short: an upgrade cancelled
 * while its statement is out (its client gone) holds up those gathered behind it this long.
 */
const STUCK_AFTER_MS = 1_000;

/** Counts this isolate's upgrade statements (tests read it). */
export const upgradeCheckStats = { statements: 0 };

/** One per isolate and database binding: upgrades of one isolate share their round trips. */
const checksByDatabase = new WeakMap<
  D1Database,
  CoalescedBatches<UpgradeQuestion, UpgradeAnswer>
>();

function upgradeChecks(db: D1Database) {
  let checks = checksByDatabase.get(db);
  if (!checks) {
    checks = new CoalescedBatches((questions) => readUpgradeFacts(db, questions), {
      maxBatch: MAX_UPGRADES_PER_STATEMENT,
      stuckAfterMs: STUCK_AFTER_MS,
    });
    checksByDatabase.set(db, checks);
  }
  return checks;
}

async function readUpgradeFacts(
  db: D1Database,
  questions: UpgradeQuestion[],
): Promise<UpgradeAnswer[]> {
  upgradeCheckStats.statements += 1;
  // The socket upgrade decides on a live session, a ban and a block: it reads the primary,
  // which a query outside any session does.
  const { results } = await db
    .prepare(UPGRADE_FACTS_SQL)
    .bind(JSON.stringify(questions), Date.now())
    .all<UpgradeRow>();
  const answers: UpgradeAnswer[] = questions.map(() => NOTHING_FOUND);
  for (const { at, ...answer } of results) answers[at] = answer;
  return answers;
}

const NOTHING_FOUND: UpgradeAnswer = {
  blocked_until: null,
  user_id: null,
  role: null,
  share_reads: null,
  room_name: null,
  nickname: null,
  banned_at: null,
};

export async function checkUpgrade(c: Context<AppEnv>, roomId: string): Promise<UpgradeFacts> {
  const claims = await readSessionCookie(c);
  // Without a valid cookie, nobody's session or membership is looked up.
  const { sid, sub } = claims ?? { sid: '', sub: '' };
  const found = await upgradeChecks(c.env.DB).ask({
    ip: clientIp(c.req.raw),
    sid,
    sub,
    room: roomId,
  });
  return {
    blockedUntil: found.blocked_until,
    user:
      claims && found.user_id && found.role
        ? {
            id: found.user_id,
            role: asRole(found.role),
            sessionId: sid,
            shareReads: found.share_reads !== 0,
          }
        : null,
    room:
      found.room_name !== null
        ? { name: found.room_name, nickname: found.nickname, banned: found.banned_at !== null }
        : null,
  };
}
