import { useCallback, useEffect, useRef, useState } from 'react';
import type { RoomSummary } from '../../../../contract/rooms';
import { useSession } from '../../../lib/session/use-session';
import { getRooms } from '../api/get-rooms';

export type RoomsState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; rooms: RoomSummary[] };

/**
 * The signed-in user's rooms. Loads when the user loads (and on every mount, so a back
 * navigation that remounts the list refreshes it), when the browser restores the page from
 * its back-forward cache, and on `reload`.
 */
export function useRooms() {
  const { user } = useSession();
  const userId = user?.id;
  const [state, setState] = useState<RoomsState>({ status: 'loading' });
  // Only the newest request may write: a slow answer must not overwrite a fresher one.
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const request = ++latest.current;
    setState({ status: 'loading' });
    try {
      const rooms = await getRooms();
      if (request === latest.current) {
        setState({ status: 'ready', rooms: Array.isArray(rooms) ? rooms : [] });
      }
    } catch (error) {
      console.error('Failed to load rooms', error);
      if (request === latest.current) setState({ status: 'error' });
    }
  }, []);

  useEffect(() => {
    if (!userId) return;
    void reload();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void reload();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      latest.current++;
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [userId, reload]);

  return { state, reload };
}
