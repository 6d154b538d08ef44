import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { readStored, storageKeys } from '../../../lib/storage';
import { getRoomsQueryOptions } from '../api/get-rooms';
import { useRoomSummary } from './use-room-summary';

/**
 * The nickname under which the signed-in person is in `roomId`: the server's join refuses any
 * other. Known at once when the room is the current one (on the user or in storage); otherwise
 * looked up in the room list. Once known it also becomes the current room and nickname, so the
 * account menu shows the nickname this room knows.
 */
export function useRoomNickname(roomId: string): string | null {
  const { user, enterRoom } = useSession();

  const local =
    (user?.roomId === roomId && user.activeNickname) ||
    (readStored(storageKeys.joinedRoomId) === roomId && readStored(storageKeys.activeNickname)) ||
    null;
  const fallback = user ? user.activeNickname || user.nickname : null;

  const rooms = useQuery({
    ...getRoomsQueryOptions(user?.id ?? ''),
    enabled: Boolean(user && !local),
  });

  useEffect(() => {
    // A 401 is a session that ended (a sign-out from the chat answers the list's last read
    // with one): nothing failed that the sign-in screen does not already say.
    const signedOut = rooms.error instanceof ApiError && rooms.error.status === 401;
    if (rooms.isError && !signedOut) {
      console.error('Failed to look up the room nickname', rooms.error);
    }
  }, [rooms.isError, rooms.error]);

  const found = rooms.data?.find((room) => room.roomId === roomId)?.activeNickname ?? null;
  // Not a member, or the list failed: try the usual nickname and let the server's refusal show.
  const lookedUp = found ?? (rooms.isSuccess || rooms.isError ? fallback : null);
  const nickname = local ?? lookedUp;
  const confirmed = Boolean(local) || Boolean(found);

  useEffect(() => {
    if (user && nickname && confirmed) enterRoom(roomId, nickname);
  }, [user, enterRoom, roomId, nickname, confirmed]);

  return nickname;
}

/**
 * Whether the signed-in person owns `roomId`, from their entry for it (false until it has
 * said): the chat offers them Delete on everyone's messages, as the room allows. `askRoom` as
 * useRoomSummary's.
 */
export function useIsRoomOwner(roomId: string, askRoom = true): boolean {
  return useRoomSummary(roomId, askRoom)?.isOwner ?? false;
}
