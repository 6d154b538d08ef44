import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { roomMessages } from '../../../../contract/rooms';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { removeStored, storageKeys, writeStored } from '../../../lib/storage';
import { conflictOf, joinRoom, type Conflict, type JoinRequest } from '../api/join-room';

/**
 * The join of spec point 4, shared by the join screen and the auto-join: on success the room
 * becomes the current one (on the user and in storage) and the chat opens; a taken nickname
 * opens the conflict panel; anything else is an error to show.
 */
export function useJoinRoom() {
  const { user, setUser } = useSession();
  const navigate = useNavigate();
  const [joining, setJoining] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);

  const join = useCallback(
    async (request: JoinRequest) => {
      if (!user) return;
      if (!request.roomId && !request.roomName?.trim()) {
        setError(roomMessages.roomNameRequired);
        return;
      }
      setJoining(true);
      setError(null);
      try {
        const answer = await joinRoom(request);
        if (!answer?.success || !answer.roomId) {
          setConflict(null);
          setError('Failed to set up room membership');
          return;
        }
        setUser({ ...user, roomId: answer.roomId, activeNickname: answer.activeNickname });
        writeStored(storageKeys.joinedRoomId, answer.roomId);
        writeStored(storageKeys.activeNickname, answer.activeNickname);
        // The invitation, if one was waiting, has now been used.
        removeStored(storageKeys.pendingRoomJoin);
        navigate(`/chat/${encodeURIComponent(answer.roomId)}`);
      } catch (failure) {
        const taken = conflictOf(failure, request, user.activeNickname || user.nickname);
        setConflict(taken);
        if (!taken) {
          // A refused invitation must not bring the person back here after every login.
          removeStored(storageKeys.pendingRoomJoin);
          setError(errorText(failure, 'Failed to join the room'));
        }
      } finally {
        setJoining(false);
      }
    },
    [user, setUser, navigate],
  );

  /** Cancel on the conflict panel: it closes and the error goes with it. */
  const dismiss = useCallback(() => {
    setConflict(null);
    setError(null);
    removeStored(storageKeys.pendingRoomJoin);
  }, []);

  return { join, joining, error, conflict, dismiss, setError };
}
