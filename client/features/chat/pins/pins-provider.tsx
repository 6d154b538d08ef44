import { useMemo, type ReactNode } from 'react';
import type { RoomConnection } from '../connection/room-state';
import { useRoomState } from '../hooks/use-room-state';
import { PinnedIdsContext, PinsContext } from './pins-context';

/**
 * Lets the screen below offer Pin and Unpin to those allowed (pin-menu-item.tsx, pins-list.tsx)
 * and mark the pinned messages in the history (pinned-mark.tsx).
 */
export function PinsProvider(props: {
  room: RoomConnection;
  allowed: boolean;
  children: ReactNode;
}) {
  const { room, allowed, children } = props;
  const ability = useMemo(() => ({ room, allowed }), [room, allowed]);
  const pins = useRoomState(room, (state) => state.pins);
  // Made once per change of the list: each message shown only looks its id up.
  const pinnedIds = useMemo(() => new Set(pins.map((pin) => pin.id)), [pins]);
  return (
    <PinsContext.Provider value={ability}>
      <PinnedIdsContext.Provider value={pinnedIds}>{children}</PinnedIdsContext.Provider>
    </PinsContext.Provider>
  );
}
