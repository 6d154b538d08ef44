/**
 * A rate per person in the room, whatever number of sockets they use. Each socket has its own
 * message allowance (socket-state.ts), and without the person's a person with ten tabs (the
 * most a room accepts) sent ten times the rate; each new socket starts with full buckets, so
 * without a limit on upgrades a person could reconnect without end, each time with fresh
 * allowances and a fresh history frame. In memory: an object woken from hibernation starts
 * everyone's buckets full, which the idle time that let it hibernate would have refilled anyway.
 */
import { KeyedRateLimit, type TokenBucket } from './token-bucket';

/** Beyond this many people tracked, those whose bucket has refilled are forgotten. */
const SWEEP_ABOVE = 1000;

export class PersonLimit extends KeyedRateLimit<string, Map<string, TokenBucket>> {
  constructor(perSecond: number, burst: number) {
    super(new Map(), perSecond, burst);
  }

  /** Spends one token of the person's bucket; false when they are over the rate. */
  override take(userId: string, now = Date.now()): boolean {
    if (this.buckets.size >= SWEEP_ABOVE && !this.buckets.has(userId)) this.sweep(now);
    return super.take(userId, now);
  }

  private sweep(now: number) {
    const refill = (this.burst / this.perSecond) * 1000;
    for (const [userId, bucket] of this.buckets) {
      if (now - bucket.at >= refill) this.buckets.delete(userId);
    }
  }
}
