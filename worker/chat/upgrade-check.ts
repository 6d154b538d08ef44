/**
 * Everything a socket upgrade needs from D1, in one round trip of reads: whether the address is
 * blocked, the live session the cookie names (with its user), and the room with the caller's
 * membership and ban. None depends on another's answer (the cookie's signed claims name the
 * user), and a connect storm after a deploy is bounded by D1 round trips. It writes nothing: the
 * room notes the address for address blocks, many at once (address-notes.ts), so the upgrade
 * waits on no commit.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { readSessionCookie } from '../auth/session-cookie';
import { isLiveSession } from '../auth/sessions';
import { ipReputation, sessions, users } from '../db/schema';
import { roomMembershipAndBan } from '../rooms/room-queries';
import { clientIp } from '../security/client-ip';

export interface UpgradeFacts {
  blockedUntil: number | null;
  user: { id: string; role: string; sessionId: string } | null;
  room: { name: string; nickname: string | null; banned: boolean } | null;
}

export async function checkUpgrade(c: Context<AppEnv>, roomId: string): Promise<UpgradeFacts> {
  const db = c.var.db;
  const claims = await readSessionCookie(c);
  // Without a valid cookie, nobody's session or membership is looked up.
  const { sid, sub } = claims ?? { sid: '', sub: '' };
  const ip = clientIp(c.req.raw);
  const [blocks, people, found] = await db.batch([
    db
      .select({ until: ipReputation.blockedUntil })
      .from(ipReputation)
      .where(and(eq(ipReputation.ip, ip), gt(ipReputation.blockedUntil, Date.now())))
      .limit(1),
    // Named columns only: in a D1 batch, rows come back keyed by column name, and the two
    // tables' `id` columns would overwrite each other.
    db
      .select({ id: users.id, role: users.role })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(isLiveSession({ sid, sub }))
      .limit(1),
    roomMembershipAndBan(db, roomId, sub),
  ]);
  const room = found[0];
  return {
    blockedUntil: blocks[0]?.until ?? null,
    user: claims && people[0] ? { ...people[0], sessionId: sid } : null,
    room: room
      ? { name: room.name, nickname: room.nickname, banned: room.bannedAt !== null }
      : null,
  };
}
