/**
 * Everything a socket upgrade needs from D1, in one round trip: whether the address is blocked,
 * the live session the cookie names (with its user) and the room with the caller's membership.
 * The three do not depend on each other's answers (the cookie's signed claims name the user),
 * and a connect storm after a deploy is bounded by D1 round trips: three in a row were the cost.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { readSessionCookie } from '../auth/session-cookie';
import { isLiveSession } from '../auth/sessions';
import { ipReputation, sessions, users } from '../db/schema';
import { roomWithMembershipQuery } from '../rooms/room-queries';
import { clientIp } from '../security/client-ip';

export interface UpgradeFacts {
  blockedUntil: number | null;
  user: { id: string; role: string } | null;
  room: { name: string; nickname: string | null } | null;
}

export async function checkUpgrade(c: Context<AppEnv>, roomId: string): Promise<UpgradeFacts> {
  const db = c.var.db;
  const claims = await readSessionCookie(c);
  // Without a valid cookie, nobody's session or membership is looked up.
  const nobody = { sid: '', sub: '' };
  const [blocks, people, rooms] = await db.batch([
    db
      .select({ until: ipReputation.blockedUntil })
      .from(ipReputation)
      .where(
        and(eq(ipReputation.ip, clientIp(c.req.raw)), gt(ipReputation.blockedUntil, Date.now())),
      )
      .limit(1),
    // Named columns only: in a D1 batch, rows come back keyed by column name, and the two
    // tables' `id` columns would overwrite each other.
    db
      .select({ id: users.id, role: users.role })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(isLiveSession(claims ?? nobody))
      .limit(1),
    roomWithMembershipQuery(db, roomId, claims?.sub ?? ''),
  ]);
  return {
    blockedUntil: blocks[0]?.until ?? null,
    user: claims ? (people[0] ?? null) : null,
    room: rooms[0] ?? null,
  };
}
