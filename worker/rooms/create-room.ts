/**
 * A new room (POST /api/join with `roomName`): its row, its creator's membership and the rooms'
 * count in one batch, below the creator's cap on rooms; then its object, made near its creator.
 */
import { roomMessages } from '../../contract/rooms';
import { roomCreated } from '../room-calls/room-rpc';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { randomToken } from '../lib/encoding';
import { searchText } from '../lib/search-text';
import { locationHintFor } from './location-hint';
import { belowRoomCap } from './membership-caps';
import { nicknameColumns } from './room-queries';

/** What placing a new room's object needs: the bindings and where the creator is. */
export interface RoomPlacement {
  env: Env;
  /** The creating request's `cf` (none locally). */
  place?: Request['cf'];
}

export async function createRoom(db: Db, user: UserRow, name: string, nickname: string) {
  // 16 random bytes: 22 URL-safe characters nobody can guess, since the id is the invite.
  const roomId = randomToken(16);
  const id = crypto.randomUUID();
  const { nicknameKey: key, nicknameLook: look } = nicknameColumns(nickname);
  const d1 = db.$client;
  // One batch (one transaction): the room only below the creator's cap, so two creations at
  // once cannot both pass it; its membership and its count only if the room was made.
  const [made] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO rooms (room_id, name, search_name, created_by)
         SELECT ?1, ?2, ?3, ?4 WHERE ${belowRoomCap('?4')} RETURNING room_id`,
      )
      .bind(roomId, name, searchText(name), user.id),
    d1
      .prepare(
        `INSERT INTO memberships (id, room_id, user_id, nickname, nickname_key, nickname_look)
         SELECT ?1, room_id, ?3, ?4, ?5, ?6 FROM rooms WHERE room_id = ?2`,
      )
      .bind(id, roomId, user.id, nickname, key, look),
    d1
      .prepare(
        `UPDATE counters SET value = value + (SELECT COUNT(*) FROM rooms WHERE room_id = ?1)
         WHERE name = 'rooms'`,
      )
      .bind(roomId),
  ]);
  if (made?.results.length === 0) throw new ApiError(409, roomMessages.tooManyRooms);
  return roomId;
}

/**
 * Makes the new room's object now, near its creator (location-hint.ts), since a location hint
 * counts only on an object's first `get`; otherwise its first caller could be anywhere (the
 * queue consumer of an admin broadcast reaches rooms nobody has opened yet). The object
 * learns its room's id and name. If the call fails the room still works: its object is then
 * made where it is first reached.
 */
export async function makeRoomObject(
  { env, place }: RoomPlacement,
  roomId: string,
  roomName: string,
) {
  try {
    await roomCreated(env, roomId, roomName, locationHintFor(place));
  } catch (error) {
    console.error('[rooms] could not make the room object at creation:', error);
  }
}
