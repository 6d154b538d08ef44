import { and, eq, isNull, ne, or, type SQL } from 'drizzle-orm';
import { roomMessages, type NicknameConflict } from '../../contract/rooms';
import type { Db } from '../db/client';
import { memberships, users, type MembershipRow, type RoomRow, type UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { isUniqueViolation } from '../db/constraint-errors';
import { isModeratorNickname } from '../../contract/rooms';
import { imitatesModerator } from '../../contract/reserved-nicknames';
import { createRoom, makeRoomObject, type RoomPlacement } from './create-room';
import { defaultNickname } from './default-nickname';
import { nicknameLook } from './nickname-look';
import { belowRoomCap } from './membership-caps';
import { admitNewcomer } from './room-admission';
import { refuseNewcomerIfDirect } from './direct-rooms';
import { findJoinState, findRoomOr404, nicknameColumns, nicknameKey } from './room-queries';

interface JoinRequest {
  roomId?: string;
  roomName?: string;
  activeNickname?: string;
  /** The invite link's code, which a room with invite links on asks of newcomers. */
  invite?: string;
}

/** Runs before a member's nickname in a room changes (the caller's limit; throws to refuse). */
export type BeforeRename = (roomId: string) => Promise<void>;

/**
 * Creates a room (with `roomName`) or joins one (with `roomId`) under a nickname; `renamed`
 * says that an existing membership's nickname changed (the room must hear of it).
 */
export async function joinRoom(
  db: Db,
  user: UserRow,
  request: JoinRequest,
  placement?: RoomPlacement,
  beforeRename?: BeforeRename,
) {
  const nickname = request.activeNickname ?? defaultNickname(user);
  // A nickname registered before the lookalike rule still cannot enter a room.
  if (isModeratorNickname(nickname) || imitatesModerator(nickname)) {
    throw new ApiError(400, roomMessages.nicknameReserved);
  }
  const renamed = request.roomId
    ? await joinExistingRoom(db, user, request.roomId, request.invite, nickname, beforeRename)
    : false;
  const roomId = request.roomId ?? (await createRoom(db, user, request.roomName!, nickname));
  if (!request.roomId && placement) await makeRoomObject(placement, roomId, request.roomName!);
  await db.update(users).set({ roomId, activeNickname: nickname }).where(eq(users.id, user.id));
  return { roomId, activeNickname: nickname, renamed };
}

/** Joins (or rejoins) under `nickname`; answers whether an existing membership was renamed. */
async function joinExistingRoom(
  db: Db,
  user: UserRow,
  roomId: string,
  invite: string | undefined,
  nickname: string,
  beforeRename?: BeforeRename,
): Promise<boolean> {
  const { room, existing, banned } = await findJoinState(db, roomId, user.id);
  // Kicked people are banned until an owner or admin lifts it, whatever link they come back by.
  if (banned) throw new ApiError(403, roomMessages.banned);
  if (existing) return rejoin(db, user, room, existing, nickname, beforeRename);
  // A private conversation has its two members for good: nobody joins it, by id or link.
  refuseNewcomerIfDirect(room);
  const refund = await admitNewcomer(db, room, invite);
  try {
    // Nothing joined: the same person's other join won the race, and used the link itself.
    if (!(await enter(db, user, room, undefined, nickname))) await refund();
  } catch (error) {
    await refund();
    throw error;
  }
  return false;
}

/** A member coming back to the room, perhaps under another nickname: renamed or not. */
async function rejoin(
  db: Db,
  user: UserRow,
  room: RoomRow,
  existing: MembershipRow,
  nickname: string,
  beforeRename?: BeforeRename,
): Promise<boolean> {
  const renaming = existing.nickname !== nickname;
  if (renaming) await beforeRename?.(room.roomId);
  return renaming && (await enter(db, user, room, existing, nickname));
}

/**
 * Writes the membership (a newcomer's, or an existing one's new nickname): answers whether a
 * row was written, false when the same person's concurrent join already made it.
 */
async function enter(
  db: Db,
  user: UserRow,
  room: RoomRow,
  existing: MembershipRow | undefined,
  nickname: string,
): Promise<boolean> {
  const { roomId } = room;
  const lookalike = await looklessLookalike(db, roomId, user.id, nickname);
  if (lookalike) throw nicknameConflict(roomId, room.name, nickname, lookalike);
  try {
    const written = existing
      ? await db
          .update(memberships)
          .set(nicknameColumns(nickname))
          .where(eq(memberships.id, existing.id))
          .returning({ id: memberships.id })
      : await insertUnlessBanned(db, room, user.id, nickname);
    if (written.length === 0) return await explainNothingWritten(db, roomId, user.id, existing);
    return true;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The unique indexes settle races: of many joins under one nickname (or two that look
    // alike), one wins and the others hear who holds it. Which index SQLite names is no
    // guide (it reports the newest first), so the holder is read.
    const holder = await nicknameHolder(db, roomId, user.id, nickname);
    // A rename refused by a holder who left since still did not happen: it is taken.
    if (holder || existing) throw nicknameConflict(roomId, room.name, nickname, holder ?? nickname);
    // Nobody else holds it: the same user joined twice at once.
  }
  return false;
}

/**
 * Why a membership was not written. The room was deleted meanwhile (its memberships went with
 * it): it does not exist. The membership read moments ago went since (a kick), or a kick banned
 * the newcomer in between (their other join got in first and was kicked): either way they are
 * out. A newcomer whose own join at once got in: nothing is wrong. Else the newcomer is at their
 * cap on rooms.
 */
async function explainNothingWritten(
  db: Db,
  roomId: string,
  userId: string,
  existing: MembershipRow | undefined,
): Promise<false> {
  if (existing) {
    await findRoomOr404(db, roomId);
    throw new ApiError(403, roomMessages.banned);
  }
  const { banned, existing: joined } = await findJoinState(db, roomId, userId);
  if (banned) throw new ApiError(403, roomMessages.banned);
  if (joined) return false;
  throw new ApiError(409, roomMessages.tooManyRooms);
}

/**
 * A newcomer's membership, only while no ban stands: the ban read with the room may be older
 * than a kick of the same person's other join, which made them a member and then banned them.
 * Only while the room still exists, too: one deleted since it was read would otherwise fail
 * the foreign key and answer 500. Only below the person's cap on rooms, counted in this same
 * statement so that joins at once cannot pass it. Answers the row written (none when banned,
 * deleted or at the cap).
 */
async function insertUnlessBanned(db: Db, room: RoomRow, userId: string, nickname: string) {
  const { id, nicknameKey: key, nicknameLook: look } = newMembership(room.roomId, userId, nickname);
  // A newcomer's unread count starts from their arrival, not the room's whole history.
  const { results } = await db.$client
    .prepare(
      `INSERT INTO memberships
         (id, room_id, user_id, nickname, nickname_key, nickname_look, last_read_id)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 FROM rooms
       WHERE room_id = ?2
         AND NOT EXISTS (SELECT 1 FROM room_bans WHERE room_id = ?2 AND user_id = ?3)
         AND ${belowRoomCap('?3')}
       RETURNING id`,
    )
    .bind(id, room.roomId, userId, nickname, key, look, room.lastMessageId)
    .all();
  return results;
}

/** Another member's nickname that `nickname` is, or looks like, in the room (null: none). */
async function nicknameHolder(db: Db, roomId: string, userId: string, nickname: string) {
  const [holder] = await othersNicknames(
    db,
    roomId,
    userId,
    or(
      eq(memberships.nicknameKey, nicknameKey(nickname)),
      eq(memberships.nicknameLook, nicknameLook(nickname)),
    ),
  ).limit(1);
  return holder?.nickname ?? null;
}

/** The nicknames of the room's other members that meet `condition`. */
function othersNicknames(db: Db, roomId: string, userId: string, condition: SQL | undefined) {
  return db
    .select({ nickname: memberships.nickname })
    .from(memberships)
    .where(and(eq(memberships.roomId, roomId), ne(memberships.userId, userId), condition));
}

/**
 * A member without a look (migration 0006 left none to members who already looked like
 * another, so that the unique index could be made) whom `nickname` looks like. The index
 * cannot see them: without this, a third 'E1i' joined beside an earlier 'Eli' and 'EIi'. Only
 * the migration makes such rows, so no join can race one into being.
 */
async function looklessLookalike(db: Db, roomId: string, userId: string, nickname: string) {
  const lookless = await othersNicknames(db, roomId, userId, isNull(memberships.nicknameLook));
  const look = nicknameLook(nickname);
  return lookless.find((member) => nicknameLook(member.nickname) === look)?.nickname ?? null;
}

function newMembership(roomId: string, userId: string, nickname: string) {
  return { id: crypto.randomUUID(), roomId, userId, ...nicknameColumns(nickname) };
}

/** The spec's answer when the name is taken; a lookalike is told whose name it passes for. */
function nicknameConflict(roomId: string, roomName: string, nickname: string, holder: string) {
  const taken = nicknameKey(holder) === nicknameKey(nickname);
  const body: Omit<NicknameConflict, 'error'> = {
    roomId,
    roomName,
    message: taken
      ? `The nickname "${nickname}" is already taken in this room. Please choose another.`
      : `The nickname "${nickname}" looks too much like "${holder}", who is in this room. Please choose another.`,
  };
  return new ApiError(409, 'nickname_conflict', body);
}
