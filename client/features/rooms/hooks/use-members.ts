import { useCallback, useEffect, useRef, useState } from 'react';
import type { MembersResponse } from '../../../../contract/rooms';
import { ApiError, errorText } from '../../../lib/api-client';
import { getMembers } from '../api/get-members';

export type MembersState =
  | { status: 'loading' }
  /** A 403: the person is neither the owner nor an administrator, which is not an error. */
  | { status: 'hidden' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: MembersResponse };

/** What a failed members call shows (spec point 8, 'Members fetch'). */
function failureOf(error: unknown): MembersState {
  if (error instanceof ApiError) {
    if (error.status === 403) return { status: 'hidden' };
    return { status: 'error', message: errorText(error, 'Error fetching members') };
  }
  // fetch itself rejects only when no answer came back at all.
  return { status: 'error', message: 'No response from server. Please check your connection.' };
}

/** The members of a room, for its moderation panel; loaded while `enabled` and on `reload`. */
export function useMembers(roomId: string, enabled: boolean) {
  const [state, setState] = useState<MembersState>({ status: 'loading' });
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const request = ++latest.current;
    try {
      const data = await getMembers(roomId);
      if (request === latest.current) setState({ status: 'ready', data });
    } catch (error) {
      if (request === latest.current) setState(failureOf(error));
    }
  }, [roomId]);

  useEffect(() => {
    if (!enabled) return;
    setState({ status: 'loading' });
    void reload();
    return () => {
      latest.current++;
    };
  }, [enabled, reload]);

  return { state, reload };
}
