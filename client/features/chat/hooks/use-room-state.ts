import { useSyncExternalStore } from 'react';
import type { RoomConnection, RoomSnapshot } from '../connection/room-state';

/**
 * A part of the room's snapshot, read with useSyncExternalStore: the component renders again
 * only when what `select` returns changes. `select` must return a field of the snapshot or
 * something compared by value (a boolean, a number, a string), never a new object.
 */
export function useRoomState<T>(room: RoomConnection, select: (snapshot: RoomSnapshot) => T): T {
  return useSyncExternalStore(room.subscribe, () => select(room.getSnapshot()));
}
