import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { JoinResponse } from '../../../../contract/rooms';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { clearPendingInvitation } from '../../../lib/pending-invitation';
import { conflictOf, useJoinRoom, type Conflict, type JoinRequest } from '../api/join-room';

const joined = (answer: JoinResponse | undefined) => Boolean(answer?.success && answer.roomId);

/**
 * The join of spec point 4, shared by the join screen and the auto-join: on success the room
 * becomes the current one (on the user and in storage) and the chat opens; a taken nickname
 * opens the conflict panel; anything else is an error to show.
 */
export function useJoinFlow() {
  const { user, enterRoom } = useSession();
  const navigate = useNavigate();
  // Which panel shows is the screen's own state: it must stay open while a retry is on its way.
  const [conflict, setConflict] = useState<Conflict | null>(null);

  const mutation = useJoinRoom({
    onSuccess: (answer) => {
      setConflict(null);
      if (!user || !joined(answer)) return;
      enterRoom(answer.roomId, answer.activeNickname);
      // The invitation, if one was waiting, has now been used.
      clearPendingInvitation();
      // The join replaces its own entry: Back from the chat leaves the room flow.
      navigate(`/chat/${encodeURIComponent(answer.roomId)}`, { replace: true });
    },
    onError: (failure, request) => {
      const taken = user && conflictOf(failure, request, user.activeNickname || user.nickname);
      setConflict(taken || null);
      // A refused invitation must not bring the person back here after every login.
      if (!taken) clearPendingInvitation();
    },
  });
  const { mutate, reset } = mutation;

  const join = useCallback(
    (request: JoinRequest) => {
      if (user) mutate(request);
    },
    [user, mutate],
  );

  /** Cancel on the conflict panel: it closes and the error goes with it. */
  const dismiss = useCallback(() => {
    setConflict(null);
    reset();
    clearPendingInvitation();
  }, [reset]);

  const error =
    mutation.isError && !conflict
      ? errorText(mutation.error, 'Failed to join the room')
      : mutation.isSuccess && !joined(mutation.data)
        ? 'Failed to set up room membership'
        : null;

  return { join, joining: mutation.isPending, error, conflict, dismiss };
}
