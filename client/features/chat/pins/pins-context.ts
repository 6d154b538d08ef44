import { createContext, useContext } from 'react';
import type { RoomConnection } from '../connection/room-state';

/**
 * Whether the reader may pin and unpin in this room, and the room to ask: the owner and
 * administrators may, and in a private conversation either person. The server decides; this
 * only keeps the menu from offering what it would refuse.
 */
export interface PinAbility {
  room: RoomConnection;
  allowed: boolean;
}

export const PinsContext = createContext<PinAbility | null>(null);

/** The room and the right to pin, when the reader has it (null: no Pin item is offered). */
export function usePinRoom(): RoomConnection | null {
  const ability = useContext(PinsContext);
  return ability?.allowed ? ability.room : null;
}
