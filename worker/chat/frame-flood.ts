/**
 * Every frame a socket sends costs the room something, whatever it says (unknown events and
 * joins included), so beyond a rate no person types at, the socket is flooding and is ended.
 * `sendMessage` keeps its own, gentler limit, answered with an error. The buckets live in
 * memory: an object woken from hibernation starts them full.
 */
const FRAMES_PER_SECOND = 20;
const FRAME_BURST = 50;

const buckets = new WeakMap<WebSocket, { tokens: number; at: number }>();

/** Spends one frame of the socket's allowance; false once it is flooding. */
export function withinFrameRate(ws: WebSocket, now = Date.now()): boolean {
  const bucket = buckets.get(ws) ?? { tokens: FRAME_BURST, at: now };
  bucket.tokens = Math.min(
    FRAME_BURST,
    bucket.tokens + ((now - bucket.at) / 1000) * FRAMES_PER_SECOND,
  );
  bucket.at = now;
  buckets.set(ws, bucket);
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}
