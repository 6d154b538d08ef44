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

/** The room and the right to pin, when the reader has it (null: no Pin or Unpin is offered). */
export function usePinRoom(): RoomConnection | null {
  const ability = useContext(PinsContext);
  return ability?.allowed ? ability.room : null;
}

const NOTHING_PINNED: ReadonlySet<number> = new Set();

/**
 * The ids of the room's pinned messages, apart from PinsContext: a pin or an unpin renders
 * again only the messages' marks, not the menus.
 */
export const PinnedIdsContext = createContext<ReadonlySet<number>>(NOTHING_PINNED);

export function useIsPinned(messageId: number): boolean {
  return useContext(PinnedIdsContext).has(messageId);
}
