/**
 * The `frameRate` option: a token bucket per socket, in memory (a woken object starts every
 * socket's full, which the idle time that let it hibernate would have refilled anyway).
 */
interface Bucket {
  tokens: number;
  at: number;
}

export class FrameRate {
  private readonly buckets = new WeakMap<WebSocket, Bucket>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  /** Spends one of the socket's frames; false when it has none left (it is flooding). */
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
