/**
 * A member's nickname set through the API (a join under another name) reaches their open
 * sockets at once: those not joined yet will join under it (`memberAs`), and those joined speak
 * under it from now on, and are told (`nicknameChanged`), so that the tab shows it. The old
 * nickname is free in D1 the moment it changes, and someone else may take it; a tab still
 * joined under it would be that person's voice. Sockets yet to connect count too: they were
 * admitted with the old nickname as their membership's.
 */
import type { RoomSocket } from '../sockets/socket-state';

/** Answers the nickname the person was joined under, and one socket of theirs, if any. */
export function renameSockets(
  sockets: RoomSocket[],
  userId: string,
  nickname: string,
): { from: string; socket: WebSocket } | null {
  let renamed: { from: string; socket: WebSocket } | null = null;
  for (const socket of sockets) {
    if (socket.data.userId !== userId) continue;
    socket.data.memberAs = nickname;
    const joinedAs = socket.data.nickname;
    if (joinedAs !== null && joinedAs !== nickname) {
      renamed ??= { from: joinedAs, socket: socket.ws };
      socket.data.nickname = nickname;
      socket.emit('nicknameChanged', { nickname });
    }
    socket.save();
  }
  return renamed;
}

/** The nickname D1 holds for the person's membership of the room, if any. */
export async function membershipNickname(
  db: D1Database,
  roomId: string,
  userId: string,
): Promise<string | null> {
  const row = await db
    .prepare('SELECT nickname FROM memberships WHERE room_id = ? AND user_id = ?')
    .bind(roomId, userId)
    .first<{ nickname: string }>();
  return row?.nickname ?? null;
}
