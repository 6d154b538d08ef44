/** A token bucket per socket, in memory: a woken object starts them full. */
interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimit {
  private readonly buckets = new WeakMap<WebSocket, Bucket>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  /** Spends one token of the socket's bucket; false when there is none. */
  take(ws: WebSocket, now = Date.now()): boolean {
    let bucket = this.buckets.get(ws);
    if (!bucket) this.buckets.set(ws, (bucket = { tokens: this.burst, at: now }));
    bucket.tokens = Math.min(
      this.burst,
      bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond,
    );
    bucket.at = now;
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}
