import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../../../lib/session/use-session';
import { RoomConnectionStore } from '../connection/room-connection-store';
import type { RoomConnection, RoomEvents } from '../connection/room-state';
import { useReconnectTriggers } from './use-reconnect-triggers';
import { useRoomState } from './use-room-state';

interface Options extends RoomEvents {
  roomId: string;
  nickname: string;
  /** False until the session has loaded and a user exists. */
  enabled: boolean;
}

/**
 * The chat screen's room (room-connection-store.ts): one store per room, a connection per
 * nickname while `enabled`. Another nickname is a new connection whose screen starts empty;
 * the messages waiting to be sent stay (they are the room's, and go under the new name).
 * Components read the answer with useRoomState.
 */
export function useRoomConnection({ roomId, nickname, enabled, ...events }: Options) {
  const [store, setStore] = useState(() => new RoomConnectionStore(roomId));
  if (store.roomId !== roomId) setStore(new RoomConnectionStore(roomId));

  useEffect(() => {
    store.setEvents(events);
  });

  // What waits to be sent is kept in the browser under the account, and what a visit before a
  // reload left there comes back (before the connection opens, below).
  const accountId = useSession().user?.id;
  const keptFor = enabled ? accountId : undefined;
  useEffect(() => {
    if (keptFor) store.keepOutboxFor(keptFor);
  }, [store, keptFor]);

  // Leaving the room (or signing out) answers every waiting send, so its text goes back to
  // the box. A rename only reopens the connection below.
  useEffect(() => {
    if (!enabled) return;
    return () => store.leave();
  }, [store, enabled]);

  useEffect(() => {
    if (!enabled) return;
    store.open(nickname);
    return () => store.close();
  }, [store, nickname, enabled]);

  const key = enabled ? nickname : null;
  const room = useMemo<RoomConnection>(
    () => ({
      subscribe: store.subscribe,
      getSnapshot: () => store.snapshotFor(key),
      send: store.send,
      signal: store.signal,
      loadOlder: store.loadOlder,
      loadNewer: store.loadNewer,
      loadAround: store.loadAround,
      jumpToLatest: store.jumpToLatest,
      reconnect: store.reconnect,
      react: store.react,
      edit: store.edit,
      remove: store.remove,
      pin: store.pin,
      takeReturned: store.takeReturned,
    }),
    [store, key],
  );

  const gaveUp = useRoomState(
    room,
    (state) => state.connectionState === 'disconnected' && state.error?.kind !== 'fatal',
  );
  useReconnectTriggers(gaveUp, room.reconnect);
  return room;
}
