import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from './use-session';

/**
 * After the person ended a room themselves (left it, deleted it, blocked the other person of a
 * conversation): the stored room is forgotten, since it would send the next visit back to a
 * room they are no longer in, and /join says what they did.
 */
export function useGoToJoin(): (notice: string) => void {
  const { forgetRoom } = useSession();
  const navigate = useNavigate();
  return useCallback(
    (notice: string) => {
      forgetRoom();
      void navigate('/join', { replace: true, state: { notice } });
    },
    [forgetRoom, navigate],
  );
}
