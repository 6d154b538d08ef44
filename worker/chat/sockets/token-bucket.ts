/**
 * Token buckets for the room's rate limits: a socket's message allowance (socket-state.ts), a
 * person's budgets (person-limit.ts: typing among them), a socket's reads. In memory.
 */
/** A token bucket: `tokens` left as of `at`, refilled at a steady rate up to a burst. */
export interface TokenBucket {
  tokens: number;
  at: number;
}

export const fullBucket = (burst: number, now = Date.now()): TokenBucket => ({
  tokens: burst,
  at: now,
});

/** Refills the bucket for the time passed, then spends one token; false when there is none. */
export function takeToken(
  bucket: TokenBucket,
  perSecond: number,
  burst: number,
  now = Date.now(),
): boolean {
  bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
  bucket.at = now;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

/** Where buckets are kept by key: a WeakMap per socket, a Map per person. */
export interface BucketStore<Key> {
  get(key: Key): TokenBucket | undefined;
  set(key: Key, bucket: TokenBucket): unknown;
}

/** A token bucket per key, kept in `buckets`, in memory: a woken object starts them full. */
export class KeyedRateLimit<Key, Store extends BucketStore<Key> = BucketStore<Key>> {
  constructor(
    protected readonly buckets: Store,
    protected readonly perSecond: number,
    protected readonly burst: number,
  ) {}

  /** Spends one token of `key`'s bucket (a new key starts full); false when there is none. */
  take(key: Key, now = Date.now()): boolean {
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = fullBucket(this.burst, now)));
    return takeToken(bucket, this.perSecond, this.burst, now);
  }
}

/** A token bucket per socket, gone with the socket. */
export class RateLimit extends KeyedRateLimit<WebSocket> {
  constructor(perSecond: number, burst: number) {
    super(new WeakMap(), perSecond, burst);
  }
}
