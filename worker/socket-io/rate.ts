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

/** A token bucket per socket, in memory: a woken object starts them full. */
export class RateLimit {
  private readonly buckets = new WeakMap<WebSocket, TokenBucket>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  /** Spends one token of the socket's bucket; false when there is none. */
  take(ws: WebSocket, now = Date.now()): boolean {
    let bucket = this.buckets.get(ws);
    if (!bucket) this.buckets.set(ws, (bucket = fullBucket(this.burst, now)));
    return takeToken(bucket, this.perSecond, this.burst, now);
  }
}
