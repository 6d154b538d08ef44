/**
 * A rate per person in the room, whatever number of sockets they use. Each socket has its own
 * message allowance (socket-state.ts), and without the person's a person with ten tabs (the
 * most a room accepts) sent ten times the rate; each new socket starts with full buckets, so
 * without a limit on upgrades a person could reconnect without end, each time with fresh
 * allowances and a fresh history frame. In memory: an object woken from hibernation starts
 * everyone's buckets full, which the idle time that let it hibernate would have refilled anyway.
 */
import { takeKeyed, type TokenBucket } from '../socket-io';

/** Beyond this many people tracked, those whose bucket has refilled are forgotten. */
const SWEEP_ABOVE = 1000;

export class PersonLimit {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  /** Spends one token of the person's bucket; false when they are over the rate. */
  take(userId: string, now = Date.now()): boolean {
    if (this.buckets.size >= SWEEP_ABOVE && !this.buckets.has(userId)) this.sweep(now);
    return takeKeyed(this.buckets, userId, this.perSecond, this.burst, now);
  }

  private sweep(now: number) {
    const refill = (this.burst / this.perSecond) * 1000;
    for (const [userId, bucket] of this.buckets) {
      if (now - bucket.at >= refill) this.buckets.delete(userId);
    }
  }
}

/**
 * Says yes at most once per interval per person: a loop of refused attempts is one line in the
 * security log per interval, not one per attempt (each a D1 write and a step of the address's
 * threat score, which a flaky network's reconnects must not climb).
 */
export class OncePer {
  private readonly at = new Map<string, number>();

  constructor(private readonly intervalMs: number) {}

  take(key: string, now = Date.now()): boolean {
    const last = this.at.get(key);
    if (last !== undefined && now - last < this.intervalMs) return false;
    if (this.at.size >= SWEEP_ABOVE) {
      for (const [other, at] of this.at) if (now - at >= this.intervalMs) this.at.delete(other);
    }
    this.at.set(key, now);
    return true;
  }
}
