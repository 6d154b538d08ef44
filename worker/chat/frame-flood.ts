/**
 * Every frame a socket sends costs the room something, whatever it says (unknown events and
 * joins included), so beyond a rate no person types at, the socket is flooding and is ended.
 * `sendMessage` keeps its own, gentler limit, answered with an error. The buckets live in
 * memory: an object woken from hibernation starts them full.
 */
import { fullBucket, takeToken, type TokenBucket } from './token-bucket';

const FRAMES_PER_SECOND = 20;
const FRAME_BURST = 50;

const buckets = new WeakMap<WebSocket, TokenBucket>();

/** Spends one frame of the socket's allowance; false once it is flooding. */
export function withinFrameRate(ws: WebSocket, now = Date.now()): boolean {
  let bucket = buckets.get(ws);
  if (!bucket) buckets.set(ws, (bucket = fullBucket(FRAME_BURST, now)));
  return takeToken(bucket, FRAMES_PER_SECOND, FRAME_BURST, now);
}
