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
