import { useEffect, useState } from 'react';
import { useSession } from '../../../lib/session/use-session';
import { readStored, storageKeys, writeStored } from '../../../lib/storage';
import { getRooms } from '../api/get-rooms';

interface Looked {
  roomId: string;
  nickname: string;
  /** Whether the room was in the person's list, i.e. the nickname is the membership's. */
  member: boolean;
}

/**
 * The nickname under which the signed-in person is in `roomId`: the server's join refuses any
 * other. Known at once when the room is the current one (on the user or in storage); otherwise
 * looked up in the room list. Once known it also becomes the current room and nickname, so the
 * account menu shows the nickname this room knows.
 */
export function useRoomNickname(roomId: string): string | null {
  const { user, setUser } = useSession();
  const [looked, setLooked] = useState<Looked | null>(null);

  const local =
    (user?.roomId === roomId && user.activeNickname) ||
    (readStored(storageKeys.joinedRoomId) === roomId && readStored(storageKeys.activeNickname)) ||
    null;
  const fallback = user ? user.activeNickname || user.nickname : null;
  const lookedUp = looked?.roomId === roomId ? looked : null;

  useEffect(() => {
    if (local || !fallback) return;
    let live = true;
    getRooms()
      .then((rooms) => rooms.find((room) => room.roomId === roomId)?.activeNickname ?? null)
      .catch((error: unknown) => {
        console.error('Failed to look up the room nickname', error);
        return null;
      })
      .then((found) => {
        // Not a member: try the usual nickname and let the server's refusal be shown.
        if (live) setLooked({ roomId, nickname: found ?? fallback, member: Boolean(found) });
      });
    return () => {
      live = false;
    };
  }, [roomId, local, fallback]);

  const nickname = local ?? lookedUp?.nickname ?? null;
  const confirmed = Boolean(local) || Boolean(lookedUp?.member);

  useEffect(() => {
    if (!user || !nickname || !confirmed) return;
    writeStored(storageKeys.joinedRoomId, roomId);
    writeStored(storageKeys.activeNickname, nickname);
    if (user.roomId !== roomId || user.activeNickname !== nickname) {
      setUser({ ...user, roomId, activeNickname: nickname });
    }
  }, [user, setUser, roomId, nickname, confirmed]);

  return nickname;
}
