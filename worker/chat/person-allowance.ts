/**
 * The message allowance of a person in the room, whatever number of sockets they use: each
 * socket has its own (socket-state.ts), and without this one a person with ten tabs (the
 * most a room accepts) sent ten times the rate. Same rate, same burst. In memory: an object
 * woken from hibernation starts everyone's allowance full, as it does the sockets' frames.
 */
import { MESSAGE_BURST, MESSAGES_PER_SECOND } from './socket-state';
import { fullBucket, takeToken, type TokenBucket } from '../socket-io';

/** Beyond this many people tracked, those whose allowance has refilled are forgotten. */
const SWEEP_ABOVE = 1000;

export class PersonAllowance {
  private readonly buckets = new Map<string, TokenBucket>();

  /** Spends one message of the person's allowance; false when they are over the rate. */
  take(userId: string, now = Date.now()): boolean {
    let bucket = this.buckets.get(userId);
    if (!bucket) {
      if (this.buckets.size >= SWEEP_ABOVE) this.sweep(now);
      this.buckets.set(userId, (bucket = fullBucket(MESSAGE_BURST, now)));
    }
    return takeToken(bucket, MESSAGES_PER_SECOND, MESSAGE_BURST, now);
  }

  private sweep(now: number) {
    const refill = (MESSAGE_BURST / MESSAGES_PER_SECOND) * 1000;
    for (const [userId, bucket] of this.buckets) {
      if (now - bucket.at >= refill) this.buckets.delete(userId);
    }
  }
}
