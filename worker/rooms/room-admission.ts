/**
 * Whether a newcomer may enter a room. A room whose owner turned invite links on (rooms.invite_code
 * set) admits only by a link carrying that code, or a live code of room_invites, which one
 * conditional UPDATE takes a use of: two people racing for the last use cannot both get in.
 * A room without a code admits by its id alone, as links shared before invites existed do.
 */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { inviteMessages } from '../../contract/invites';
import type { Db } from '../db/client';
import { roomInvites, type RoomRow } from '../db/schema';
import { ApiError } from '../http/api-error';

/** Gives back a use taken for a join that then failed (a nickname conflict, a race). */
export type Refund = () => Promise<void>;

const nothingToRefund: Refund = async () => {};

/** The conditions under which a room_invites code still admits someone new. */
export function liveInvite(roomId: string, code: string, now = Date.now()) {
  return and(eq(roomInvites.code, code), eq(roomInvites.roomId, roomId), unspent(now));
}

/** Not past its time and not used up (a null bound is no bound): the owner's list shows these. */
export function unspent(now: number) {
  return and(
    or(isNull(roomInvites.expiresAt), gt(roomInvites.expiresAt, now)),
    or(isNull(roomInvites.maxUses), lt(roomInvites.uses, roomInvites.maxUses)),
  );
}

/** Admits a newcomer or throws 403; answers how to give the use back if the join fails. */
export async function admitNewcomer(
  db: Db,
  room: Pick<RoomRow, 'roomId' | 'inviteCode'>,
  code: string | undefined,
): Promise<Refund> {
  if (room.inviteCode === null) return nothingToRefund;
  if (code === room.inviteCode) return nothingToRefund;
  if (!code) throw new ApiError(403, inviteMessages.linkInvalid);
  const taken = await db
    .update(roomInvites)
    .set({ uses: sql`${roomInvites.uses} + 1` })
    .where(liveInvite(room.roomId, code))
    .returning({ code: roomInvites.code });
  if (taken.length === 0) throw new ApiError(403, inviteMessages.linkInvalid);
  return async () => {
    await db
      .update(roomInvites)
      .set({ uses: sql`max(0, ${roomInvites.uses} - 1)` })
      .where(eq(roomInvites.code, code));
  };
}

/** Whether `code` would admit a newcomer now, without taking a use (the invitation's preview). */
export async function inviteAdmits(
  db: Db,
  room: Pick<RoomRow, 'roomId' | 'inviteCode'>,
  code: string | undefined,
): Promise<boolean> {
  if (room.inviteCode === null || code === room.inviteCode) return true;
  if (!code) return false;
  const row = await db
    .select({ code: roomInvites.code })
    .from(roomInvites)
    .where(liveInvite(room.roomId, code))
    .get();
  return row !== undefined;
}
