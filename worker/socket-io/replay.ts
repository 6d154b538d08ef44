/**
 * What a recovered session is sent: the logged broadcasts after its offset that were meant for
 * it, within bounds, so that no reconnect can make the object read and send without end.
 */

/**
 * A recovery replays at most this many logged broadcasts, and this many bytes of them; a longer
 * gap is not recovered (the client connects afresh, as without recovery).
 */
export const REPLAY_MAX_FRAMES = 500;
export const REPLAY_MAX_BYTES = 1024 * 1024;

/** A broadcast as the recovery log keeps it (a type, as `sql.exec` rows must be records). */
export type LoggedPacket = {
  /** The room it went to ('' for the whole namespace). */
  room: string;
  /** JSON array of the sids it skipped ('' for none). */
  except_sids: string;
  frame: string;
};

const utf8 = new TextEncoder();

/**
 * The frames of `logged` (oldest first, at most REPLAY_MAX_FRAMES + 1 of them) meant for the
 * session `sid` in `rooms`; null when they are more than a replay carries.
 */
export function replayFor(logged: LoggedPacket[], rooms: string[], sid: string): string[] | null {
  if (logged.length > REPLAY_MAX_FRAMES) return null;
  const frames: string[] = [];
  let bytes = 0;
  for (const { room, except_sids, frame } of logged) {
    if (room !== '' && !rooms.includes(room)) continue;
    if (except_sids && (JSON.parse(except_sids) as string[]).includes(sid)) continue;
    bytes += utf8.encode(frame).byteLength;
    if (bytes > REPLAY_MAX_BYTES) return null;
    frames.push(frame);
  }
  return frames;
}
