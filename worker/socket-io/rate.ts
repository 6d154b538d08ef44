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

/** Spends one token of `key`'s bucket in `store` (a new key starts full); false when none. */
export function takeKeyed<Key>(
  store: BucketStore<Key>,
  key: Key,
  perSecond: number,
  burst: number,
  now = Date.now(),
): boolean {
  let bucket = store.get(key);
  if (!bucket) store.set(key, (bucket = fullBucket(burst, now)));
  return takeToken(bucket, perSecond, burst, now);
}

/** A token bucket per socket, in memory: a woken object starts them full. */
export class RateLimit {
  private readonly buckets = new WeakMap<WebSocket, TokenBucket>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  /** Spends one token of the socket's bucket; false when there is none. */
  take(ws: WebSocket, now = Date.now()): boolean {
    return takeKeyed(this.buckets, ws, this.perSecond, this.burst, now);
  }
}
