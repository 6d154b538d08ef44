import { RECOVERY_WINDOW_MS } from '../../../contract/realtime';
import type { SocketIoOptions } from '../../socket-io';

/** Tabs and devices of one person in one room; beyond this an upgrade is refused. */
export const MAX_SOCKETS_PER_PERSON = 10;
/**
 * New sockets of one person in one room: a burst (every tab reconnecting after a deploy),
 * then one a second. A client's own reconnects wait 1 to 5 s; a loop of upgrades does not.
 */
export const UPGRADE_BURST = 20;
export const UPGRADES_PER_SECOND = 1;
export const RECONNECTING_TOO_FAST = 'You are reconnecting too fast. Wait a moment and reload.';

/** The socket settings of every room: the client is told them in the open packet. */
export const ROOM_SOCKET_OPTIONS: Partial<SocketIoOptions> = {
  pingInterval: 25_000,
  pingTimeout: 20_000,
  /** The largest frame a client may send: a 2,000-character message fits many times over. */
  maxPayload: 16 * 1024,
  connectTimeout: 45_000,
  recovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS },
  autoPong: true,
  /** Beyond a rate no person types at, a socket is flooding (sendMessage has its own limit). */
  frameRate: { perSecond: 20, burst: 50 },
};
