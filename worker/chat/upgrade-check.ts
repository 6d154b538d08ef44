/**
 * Everything a socket upgrade needs from D1, in one round trip: whether the address is blocked,
 * the live session the cookie names (with its user), the room with the caller's membership and
 * ban, and the note that this address reached this room (close-sockets.ts reads it to end an
 * address's sockets when it is blocked). None depends on another's answer (the cookie's signed
 * claims name the user), and a connect storm after a deploy is bounded by D1 round trips.
 */
import { and, eq, exists, gt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { readSessionCookie } from '../auth/session-cookie';
import { isLiveSession } from '../auth/sessions';
import type { Db } from '../db/client';
import { ipReputation, rooms, sessions, socketAddresses, users } from '../db/schema';
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
    noteAddress(db, ip, roomId, sid, sub),
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

/**
 * Notes that `ip` reached the room, for a live session and an existing room only, so that
 * strangers cannot fill the table. A refused upgrade may still be noted (the origin and the
 * membership are checked after the batch); ending no socket there costs one idle call.
 */
function noteAddress(db: Db, ip: string, roomId: string, sid: string, sub: string) {
  const now = Date.now();
  const here = db
    .select({ one: sql`1` })
    .from(rooms)
    .where(eq(rooms.roomId, roomId));
  return db
    .insert(socketAddresses)
    .select(
      db
        .select({
          ip: sql<string>`${ip}`.as('ip'),
          roomId: sql<string>`${roomId}`.as('room_id'),
          seenAt: sql<number>`${now}`.as('seen_at'),
        })
        .from(sessions)
        .where(and(isLiveSession({ sid, sub }), exists(here))),
    )
    .onConflictDoUpdate({
      target: [socketAddresses.ip, socketAddresses.roomId],
      set: { seenAt: sql`excluded.seen_at` },
    });
}
