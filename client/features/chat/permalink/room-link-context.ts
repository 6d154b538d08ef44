import { createContext, useContext } from 'react';

/**
 * The room whose messages are listed below, so that a message's menu can offer a link to it.
 * Without it (a list shown outside a room's screen) no 'Copy link' is offered.
 */
export const RoomLinkContext = createContext<string | null>(null);

export function useLinkRoomId(): string | null {
  return useContext(RoomLinkContext);
}
