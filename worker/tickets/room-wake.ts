/**
 * A ticket is fetched just before its socket connects: the chat screen's connect, and its
 * reconnects once the ticket it holds is a minute old. Issuing one wakes the room's object in
 * the background, so that the start of an evicted object (the runtime opening its storage, the
 * room reading its tables, on the one thread the room has) overlaps
 * the ticket's answer and the connect instead of delaying the upgrade. A storm of a room's
 * members asks once: a room woken by this isolate lately is still awake (an idle object is
 * evicted after about ten seconds), so it is not asked again within WAKE_AGAIN_AFTER_MS.
 */
import { wakeRoom as wake } from '../room-calls/room-rpc';

export const WAKE_AGAIN_AFTER_MS = 5_000;
/** Bounded: past this many rooms the list starts again (a few extra wakes, nothing worse). */
const MAX_ROOMS = 10_000;

const wokenAt = new Map<string, number>();

/** Counts the wakes this isolate asked for (tests read it). */
export const roomWakeStats = { wakes: 0 };

export function wakeRoom(
  env: Env,
  roomId: string,
  background: (work: Promise<unknown>) => void,
  now = Date.now(),
) {
  const last = wokenAt.get(roomId);
  if (last !== undefined && now - last < WAKE_AGAIN_AFTER_MS) return;
  if (wokenAt.size >= MAX_ROOMS) wokenAt.clear();
  wokenAt.set(roomId, now);
  roomWakeStats.wakes += 1;
  background(
    wake(env, roomId).catch((error: unknown) => {
      // Only a head start: the upgrade wakes the room anyway.
      wokenAt.delete(roomId);
      console.error('[room-wake]', error);
    }),
  );
}

/** Forgets every wake (tests). */
export function resetRoomWakes() {
  wokenAt.clear();
  roomWakeStats.wakes = 0;
}
