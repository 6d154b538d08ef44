import { useMemo, type ReactNode } from 'react';
import type { RoomConnection } from '../connection/room-state';
import { PinsContext } from './pins-context';

/** Lets the messages below offer Pin and Unpin to those allowed (pin-menu-item.tsx). */
export function PinsProvider(props: {
  room: RoomConnection;
  allowed: boolean;
  children: ReactNode;
}) {
  const { room, allowed, children } = props;
  const ability = useMemo(() => ({ room, allowed }), [room, allowed]);
  return <PinsContext.Provider value={ability}>{children}</PinsContext.Provider>;
}
