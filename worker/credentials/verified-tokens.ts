/**
 * Signed tokens this isolate has already verified. A person's requests come one after another
 * with the same session cookie (the page's API calls, then its socket upgrades), and the JWT
 * library's check, a key import, base64 decoding and an HMAC, was 5 % of the server's CPU in a
 * storm of 1,000 upgrades. An entry is keyed by the whole token, signature included, so only
 * the exact bytes that verified are ever answered from here; it lasts until the token's own
 * expiry, and the oldest goes first once the map is full. Revocation is not the token's
 * business: for a session cookie, the session row decides that on every request.
 */
interface Verified<Claims> {
  claims: Claims;
  expiresAt: number;
  /** The secret it verified under: a token signed with another secret must be checked again. */
  secret: string;
}

export class VerifiedTokens<Claims> {
  private readonly verified = new Map<string, Verified<Claims>>();

  /** 2,000 session cookies are about 500 KB. */
  constructor(private readonly most = 2_000) {}

  /** The claims of a token verified before under this secret, and not expired by `now`. */
  known(token: string, secret: string, now = Date.now()): Claims | undefined {
    const entry = this.verified.get(token);
    if (!entry) return undefined;
    if (entry.secret !== secret || now >= entry.expiresAt) {
      this.verified.delete(token);
      return undefined;
    }
    return entry.claims;
  }

  /** Remembers a token that has just verified, until `expiresAt` (ms). */
  remember(token: string, secret: string, claims: Claims, expiresAt: number) {
    if (this.verified.size >= this.most && !this.verified.has(token)) {
      this.verified.delete(this.verified.keys().next().value!);
    }
    this.verified.set(token, { claims, expiresAt, secret });
  }
}
