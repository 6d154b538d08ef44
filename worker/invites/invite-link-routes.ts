/**
 * A room's invite links: the one to share (members), a reset that revokes every link given out
 * before, and links that expire or run out, listed again for the owner. Mounted at /api/rooms.
 */
import { and, desc, eq, exists, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  createInviteBody,
  inviteMessages,
  type InviteLinkResponse,
  type LimitedLinksResponse,
} from '../../contract/invites';
import { roomIdSchema, roomMessages } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import type { Db } from '../db/client';
import { roomInvites, rooms } from '../db/schema';
import { ApiError } from '../http/api-error';
import { validateJson } from '../http/validate-json';
import { randomToken } from '../lib/encoding';
import { ownedBy } from '../rooms/not-owned-by';
import { findMembership, findRoomOr404 } from '../rooms/room-queries';
import { refusedMeanwhile } from '../rooms/room-settings-access';
import { directMessages } from '../../contract/direct';
import { refuseIfDirect } from '../rooms/direct-rooms';
import { unspent } from '../rooms/room-admission';
import { enforceLimit } from '../security/guards';
import { inviteUrl } from './invite-url';

/** Live limited links per room: enough for any owner, and a bound on the table. */
const LIVE_LINKS_MAX = 50;
/** Invite links an owner can make or reset in an hour, across their rooms. */
const LINK_CHANGES_PER_HOUR = 60;
const HOUR_MS = 60 * 60_000;

/** 16 random bytes, as unguessable as a room id. */
const newCode = () => randomToken(16);

async function roomOf(db: Db, roomId: string) {
  if (!roomIdSchema.safeParse(roomId).success) throw new ApiError(404, roomMessages.roomNotFound);
  return findRoomOr404(db, roomId);
}

// The session check sits on each route: on `use` it would also answer unknown paths 401.
export const inviteLinkRoutes = new Hono<AppEnv>()
  .get('/:roomId/invite', requireUser, async (c) => {
    const room = await roomOf(c.var.db, c.req.param('roomId'));
    const member = await findMembership(c.var.db, room.roomId, c.var.user.id);
    // Not a member: the same 404 as a room that does not exist, so the link stays a secret.
    if (!member && (c.var.user.role !== 'admin' || room.directPair !== null)) {
      throw new ApiError(404, roomMessages.roomNotFound);
    }
    refuseIfDirect(room, directMessages.noInvites);
    return c.json({
      inviteUrl: inviteUrl(c, room.roomId, room.inviteCode),
      canManage: room.createdBy === c.var.user.id,
    } satisfies InviteLinkResponse);
  })
  .post('/:roomId/invite/reset', requireUser, async (c) => {
    const room = await ownersRoom(c);
    await limitLinkChanges(c);
    const { db, user } = c.var;
    const code = newCode();
    // Both writes hold only while the caller still owns the room: an owner who handed it over
    // since the read above must not revoke the new owner's links (409, as a late rename).
    const [reset] = await db.batch([
      db
        .update(rooms)
        .set({ inviteCode: code })
        .where(and(eq(rooms.roomId, room.roomId), eq(rooms.createdBy, user.id)))
        .returning({ roomId: rooms.roomId }),
      db
        .delete(roomInvites)
        .where(and(eq(roomInvites.roomId, room.roomId), ownedBy(db, room.roomId, user.id))),
    ]);
    if (reset.length === 0) throw await refusedMeanwhile(db, room.roomId);
    return c.json({ inviteUrl: inviteUrl(c, room.roomId, code) } satisfies InviteLinkResponse);
  })
  .get('/:roomId/invites', requireUser, async (c) => {
    const room = await ownersRoom(c);
    const rows = await c.var.db
      .select({
        code: roomInvites.code,
        expiresAt: roomInvites.expiresAt,
        maxUses: roomInvites.maxUses,
        uses: roomInvites.uses,
      })
      .from(roomInvites)
      .where(and(eq(roomInvites.roomId, room.roomId), unspent(Date.now())))
      .orderBy(desc(roomInvites.createdAt), roomInvites.code)
      .limit(LIVE_LINKS_MAX);
    return c.json({
      links: rows.map(({ code, expiresAt, maxUses, uses }) => ({
        inviteUrl: inviteUrl(c, room.roomId, code),
        ...(expiresAt !== null ? { expiresAt } : {}),
        ...(maxUses !== null ? { maxUses } : {}),
        uses,
      })),
      roomIdAdmits: room.inviteCode === null,
    } satisfies LimitedLinksResponse);
  })
  .post('/:roomId/invites', requireUser, validateJson(createInviteBody), async (c) => {
    const room = await ownersRoom(c);
    const { expiresInHours, maxUses } = c.req.valid('json');
    await limitLinkChanges(c);
    const { db, user } = c.var;
    const now = Date.now();
    const code = newCode();
    const expiresAt = expiresInHours ? now + expiresInHours * HOUR_MS : undefined;
    // Every write holds only while the caller still owns the room: an owner who handed it over
    // since the read above makes no link for the new owner's room (409, as a late rename).
    const stillOwner = ownedBy(db, room.roomId, user.id);
    const [, made, , [after]] = await db.batch([
      db
        .delete(roomInvites)
        .where(and(eq(roomInvites.roomId, room.roomId), spent(now), stillOwner)),
      // Made only while the room has fewer than LIVE_LINKS_MAX, counted by the INSERT itself:
      // a count read before it let creations racing at 49 live links all in, past the bound.
      // The columns come in the table's order, as drizzle's INSERT ... SELECT asks.
      db
        .insert(roomInvites)
        .select(
          db
            .select({
              code: sql<string>`${code}`.as('code'),
              roomId: rooms.roomId,
              createdBy: sql<string>`${user.id}`.as('created_by'),
              expiresAt: sql<number | null>`${expiresAt ?? null}`.as('expires_at'),
              maxUses: sql<number | null>`${maxUses ?? null}`.as('max_uses'),
              uses: sql<number>`0`.as('uses'),
              createdAt: sql<number>`${now}`.as('created_at'),
            })
            .from(rooms)
            .where(
              and(
                eq(rooms.roomId, room.roomId),
                eq(rooms.createdBy, user.id),
                lt(liveLinks(room.roomId), LIVE_LINKS_MAX),
              ),
            ),
        )
        .returning({ code: roomInvites.code }),
      // A limited link means little while the room's id alone still admits: the first one
      // turns invite links on (the standing code is then what members share).
      db
        .update(rooms)
        .set({ inviteCode: newCode() })
        .where(
          and(
            eq(rooms.roomId, room.roomId),
            isNull(rooms.inviteCode),
            exists(db.select().from(roomInvites).where(eq(roomInvites.code, code))),
          ),
        ),
      // Read in the same transaction as the writes: why the link was not made, if it was not.
      db.select({ createdBy: rooms.createdBy }).from(rooms).where(eq(rooms.roomId, room.roomId)),
    ]);
    if (made.length === 0 && after?.createdBy !== user.id) {
      throw await refusedMeanwhile(db, room.roomId);
    }
    if (made.length === 0) throw new ApiError(409, inviteMessages.tooManyLinks);
    return c.json(
      {
        inviteUrl: inviteUrl(c, room.roomId, code),
        ...(expiresAt ? { expiresAt } : {}),
        ...(maxUses ? { maxUses } : {}),
      } satisfies InviteLinkResponse,
      201,
    );
  });

/** How many links the room has (after the spent ones went). */
function liveLinks(roomId: string) {
  return sql<number>`(select count(*) from ${roomInvites} where ${roomInvites.roomId} = ${roomId})`;
}

/** Links that admit nobody any more: past their time, or used up. */
function spent(now: number) {
  // A null column compares as unknown, so a link without that bound is never spent by it.
  return or(lte(roomInvites.expiresAt, now), lte(roomInvites.maxUses, roomInvites.uses));
}

/**
 * The room, for its owner to manage its links. Anyone not in it gets the same 404 as a room that
 * does not exist, as GET /:roomId/invite answers (an administrator, who may see any room but a
 * private conversation, excepted): a stranger holding an old or a private conversation's id
 * learns nothing of it; a member or an administrator who does not own it, 403.
 */
async function ownersRoom(c: Context<AppEnv>) {
  const room = await roomOf(c.var.db, c.req.param('roomId') ?? '');
  const { user } = c.var;
  const stranger =
    room.createdBy !== user.id && !(await findMembership(c.var.db, room.roomId, user.id));
  if (stranger && (user.role !== 'admin' || room.directPair !== null)) {
    throw new ApiError(404, roomMessages.roomNotFound);
  }
  refuseIfDirect(room, directMessages.noInvites);
  if (room.createdBy !== c.var.user.id) throw new ApiError(403, inviteMessages.onlyOwner);
  return room;
}

function limitLinkChanges(c: Context<AppEnv>) {
  return enforceLimit(
    c,
    {
      name: 'invite-links',
      key: `invite-links:${c.var.user.id}`,
      max: LINK_CHANGES_PER_HOUR,
      windowMs: HOUR_MS,
    },
    { score: 'never' },
  );
}
