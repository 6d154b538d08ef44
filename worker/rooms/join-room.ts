import { eq } from 'drizzle-orm';
import { roomMessages, type NicknameConflict } from '../../contract/rooms';
import type { Db } from '../db/client';
import { memberships, rooms, users, type UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { randomToken } from '../lib/encoding';
import { isUniqueViolation } from '../users/find-user';
import { isModeratorNickname } from '../../contract/rooms';
import { defaultNickname } from './default-nickname';
import { findMembership, findRoomOr404, nicknameKey } from './room-queries';

interface JoinRequest {
  roomId?: string;
  roomName?: string;
  activeNickname?: string;
}

/** Creates a room (with `roomName`) or joins one (with `roomId`) under a nickname. */
export async function joinRoom(db: Db, user: UserRow, request: JoinRequest) {
  const nickname = request.activeNickname ?? defaultNickname(user);
  if (isModeratorNickname(nickname)) throw new ApiError(400, roomMessages.nicknameReserved);
  const roomId = request.roomId
    ? await joinExistingRoom(db, user, request.roomId, nickname)
    : await createRoom(db, user, request.roomName!, nickname);
  await db.update(users).set({ roomId, activeNickname: nickname }).where(eq(users.id, user.id));
  return { roomId, activeNickname: nickname };
}

async function createRoom(db: Db, user: UserRow, name: string, nickname: string) {
  // 16 random bytes: 22 URL-safe characters nobody can guess, since the id is the invite.
  const roomId = randomToken(16);
  await db.batch([
    db.insert(rooms).values({ roomId, name, createdBy: user.id }),
    db.insert(memberships).values(newMembership(roomId, user.id, nickname)),
  ]);
  return roomId;
}

async function joinExistingRoom(db: Db, user: UserRow, roomId: string, nickname: string) {
  const room = await findRoomOr404(db, roomId);
  const existing = await findMembership(db, roomId, user.id);
  try {
    if (!existing) {
      await db.insert(memberships).values(newMembership(roomId, user.id, nickname));
    } else if (existing.nickname !== nickname) {
      await db
        .update(memberships)
        .set({ nickname, nicknameKey: nicknameKey(nickname) })
        .where(eq(memberships.id, existing.id));
    }
  } catch (error) {
    // The unique index on (room, nickname) settles races: of many joins under one nickname,
    // exactly one wins and the others hear that it is taken.
    if (isUniqueViolation(error) && String(error).includes('nickname_key')) {
      throw nicknameConflict(roomId, room.name, nickname);
    }
    if (isUniqueViolation(error)) return roomId; // the same user joined twice at once
    throw error;
  }
  return roomId;
}

function newMembership(roomId: string, userId: string, nickname: string) {
  return { id: crypto.randomUUID(), roomId, userId, nickname, nicknameKey: nicknameKey(nickname) };
}

function nicknameConflict(roomId: string, roomName: string, nickname: string) {
  const body: Omit<NicknameConflict, 'error'> = {
    roomId,
    roomName,
    message: `The nickname "${nickname}" is already taken in this room. Please choose another.`,
  };
  return new ApiError(409, 'nickname_conflict', body);
}
