/** What every call the chat screen makes over its room's socket shares. */
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../../contract/realtime';

export type RoomSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The answer to a call made while the room is not joined (or no longer reachable). */
export const GAVE_UP = 'Not connected to the room.';

/** How long an acknowledgement is waited for before the call counts as unanswered. */
export const ACK_TIMEOUT_MS = 10_000;

/** A refused or unanswered history page is asked for again after this long, if still wanted. */
export const PAGE_RETRY_MS = 2000;
